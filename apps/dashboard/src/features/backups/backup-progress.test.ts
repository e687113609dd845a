import { describe, expect, it } from 'vitest';
import type { ClientEvent, ProgressionEventInner } from '@hearth/protocol';
import { reduceBackupProgress, workPercent, type BackupWork } from './backup-progress.ts';

const ALPHA = { uuid: 'A', name: 'Alpha' };

function progression(eventId: string, inner: ProgressionEventInner): ClientEvent {
  return {
    event_inner: { type: 'ProgressionEvent', event_id: eventId, progression_event_inner: inner },
    details: '',
    snowflake: eventId,
    level: 'Info',
    caused_by: { type: 'System' },
  };
}

const start = (id: string, name: string) =>
  progression(id, { type: 'ProgressionStart', progression_name: name, total: 100, inner: null });

describe('reduceBackupProgress', () => {
  it('follows backup work of this instance from start to end, refreshing at both', () => {
    let step = reduceBackupProgress([], start('1', 'Backing up Alpha'), ALPHA);
    expect(step.refresh).toBe(true);
    expect(step.work).toEqual([
      { eventId: '1', title: 'Backing up Alpha', message: '', progress: 0, total: 100 },
    ]);
    step = reduceBackupProgress(
      step.work,
      progression('1', {
        type: 'ProgressionUpdate',
        progress_message: 'Archiving: 40%',
        progress: 40,
      }),
      ALPHA,
    );
    expect(step).toMatchObject({
      refresh: false,
      work: [{ progress: 40, message: 'Archiving: 40%' }],
    });
    expect(workPercent(step.work[0]!)).toBe(40);
    step = reduceBackupProgress(
      step.work,
      progression('1', { type: 'ProgressionEnd', success: true, message: 'done', inner: null }),
      ALPHA,
    );
    expect(step).toEqual({ work: [], refresh: true });
  });

  it('ignores other instances and other work', () => {
    const work: BackupWork[] = [];
    expect(reduceBackupProgress(work, start('1', 'Backing up Beta'), ALPHA)).toEqual({
      work,
      refresh: false,
    });
    expect(
      reduceBackupProgress(work, start('2', 'Zipping world for download'), ALPHA).refresh,
    ).toBe(false);
    expect(
      reduceBackupProgress(
        work,
        progression('3', { type: 'ProgressionUpdate', progress_message: 'x', progress: 1 }),
        ALPHA,
      ).work,
    ).toBe(work);
  });

  it('refreshes on the end of work it never saw start when the end names this instance', () => {
    const end = (uuid: string) =>
      progression('9', {
        type: 'ProgressionEnd',
        success: true,
        message: 'Backup finished',
        inner: { type: 'FSOperationCompleted', instance_uuid: uuid, success: true, message: 'ok' },
      });
    expect(reduceBackupProgress([], end('A'), ALPHA).refresh).toBe(true);
    expect(reduceBackupProgress([], end('B'), ALPHA).refresh).toBe(false);
  });

  it('a restore names its instance at the end of its title; an unknown total has no percent', () => {
    const step = reduceBackupProgress([], start('5', 'Restoring nightly of Alpha'), ALPHA);
    expect(step.work).toHaveLength(1);
    expect(workPercent({ progress: 3, total: null })).toBeNull();
    expect(workPercent({ progress: 100, total: 100 })).toBe(99);
  });
});
