import { describe, expect, it } from 'vitest';
import type { Schedule } from '@hearth/protocol';
import {
  draftOf,
  emptyDraft,
  emptyStep,
  moveStep,
  removeStep,
  toInput,
  triggerPreview,
} from './schedule-draft.ts';

describe('the schedule editor draft', () => {
  it('a new draft is "every day at 04:00" in the given zone with one command step', () => {
    const draft = emptyDraft('Europe/Paris');
    expect(triggerPreview(draft.trigger)).toEqual({
      ok: true,
      text: 'every day at 04:00 (Europe/Paris)',
    });
    expect(draft.steps.map((s) => s.type)).toEqual(['Command']);
  });

  it('turns typed fields into the input the core takes', () => {
    const draft = emptyDraft('UTC');
    draft.trigger = { ...draft.trigger, kind: 'Interval', every: '5', unit: 'minutes' };
    draft.steps = [
      { ...emptyStep('Command'), command: '  say hi  ' },
      { ...emptyStep('Wait'), seconds: '10' },
      { ...emptyStep('Backup'), backupName: '' },
      { ...emptyStep('Macro'), macro: 'greet', args: ' a  b ' },
      { ...emptyStep('Power'), action: 'stop' },
    ];
    expect(toInput(draft)).toEqual({
      ok: true,
      input: {
        description: '',
        trigger: { type: 'Interval', every_seconds: 300 },
        steps: [
          { type: 'Command', command: 'say hi' },
          { type: 'Wait', seconds: 10 },
          { type: 'Backup', name: null, locked: false },
          { type: 'Macro', macro: 'greet', args: ['a', 'b'] },
          { type: 'Power', action: 'stop' },
        ],
        enabled: true,
        only_when_running: false,
        continue_on_failure: false,
      },
    });
  });

  it('reports problems per field', () => {
    const draft = emptyDraft('Mars/Olympus');
    draft.steps = [{ ...emptyStep('Command'), command: '' }];
    const result = toInput(draft);
    expect(result).toEqual({
      ok: false,
      errors: { trigger: 'Unknown time zone', 'steps.0': 'Command cannot be empty' },
    });
    expect(toInput({ ...emptyDraft('UTC'), steps: [] })).toEqual({
      ok: false,
      errors: { steps: 'A schedule needs at least one step' },
    });
    expect(triggerPreview({ ...draft.trigger, timezone: 'UTC', cron: '0 4 *' }).ok).toBe(false);
  });

  it('tells every problem of a step in words (the dashboard loads no zod locale)', () => {
    const draft = emptyDraft('UTC');
    draft.description = 'd'.repeat(201);
    draft.steps = [
      { ...emptyStep('Macro'), macro: '' },
      { ...emptyStep('Macro'), macro: 'm'.repeat(256) },
      { ...emptyStep('Macro'), macro: 'm', args: 'a'.repeat(1001) },
      { ...emptyStep('Macro'), macro: 'm', args: Array.from({ length: 33 }, () => 'a').join(' ') },
      { ...emptyStep('Command'), command: 'c'.repeat(1001) },
    ];
    expect(toInput(draft)).toEqual({
      ok: false,
      errors: {
        description: 'Description cannot be longer than 200 characters',
        'steps.0': 'Macro name cannot be empty',
        'steps.1': 'Macro name cannot be longer than 255 characters',
        'steps.2': 'A macro argument cannot be longer than 1000 characters',
        'steps.3': 'At most 32 macro arguments',
        'steps.4': 'Command cannot be longer than 1000 characters',
      },
    });
  });

  it('moves and removes steps, keeping their keys', () => {
    const steps = [emptyStep('Command'), emptyStep('Wait'), emptyStep('Power')];
    const moved = moveStep(steps, 2, -1);
    expect(moved.map((s) => s.type)).toEqual(['Command', 'Power', 'Wait']);
    expect(moved[1]!.key).toBe(steps[2]!.key);
    expect(moveStep(steps, 0, -1)).toBe(steps);
    expect(removeStep(steps, 1).map((s) => s.type)).toEqual(['Command', 'Power']);
  });

  it('loads an existing schedule back (interval in its largest whole unit)', () => {
    const schedule: Schedule = {
      id: '1',
      instance_uuid: 'A',
      author_uid: 'u',
      created_at: 0,
      updated_at: 0,
      next_run: null,
      last_run: null,
      description: 'hourly',
      trigger: { type: 'Interval', every_seconds: 7200 },
      steps: [{ type: 'Macro', macro: 'm', args: ['x', 'y'] }],
      enabled: false,
      only_when_running: true,
      continue_on_failure: true,
    };
    const draft = draftOf(schedule, 'UTC');
    expect(draft.trigger).toMatchObject({ kind: 'Interval', every: '2', unit: 'hours' });
    expect(draft.steps[0]).toMatchObject({ type: 'Macro', macro: 'm', args: 'x y' });
    const back = toInput(draft);
    expect(back.ok && back.input).toMatchObject({
      trigger: schedule.trigger,
      steps: schedule.steps,
      enabled: false,
      only_when_running: true,
      continue_on_failure: true,
    });
  });
});
