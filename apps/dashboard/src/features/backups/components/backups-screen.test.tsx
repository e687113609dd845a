import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import { DEFAULT_BACKUP_EXCLUDES } from '@hearth/protocol';
import type { BackupRecord, InstanceInfo, ProgressionEventInner } from '@hearth/protocol';
import { activateLocale } from '@/lib/i18n/i18n.ts';
import type { FakeHandler } from '@/test/fake-fetch.ts';
import { clientEvent, instanceInfo } from '@/test/fixtures.ts';
import { renderScreen } from '@/test/render-app.tsx';
import { escapingSrOnly } from '@/test/layout.ts';
import type { BackupRights } from './backup-table.tsx';
import { BackupsScreen } from './backups-screen.tsx';

afterEach(() => vi.unstubAllGlobals());

const ALL: BackupRights = { read: true, write: true, replace: true };

function backup(overrides: Partial<BackupRecord> = {}): BackupRecord {
  return {
    id: '1',
    instance_uuid: 'A',
    name: 'nightly',
    state: 'Ready',
    created_at: Date.UTC(2026, 0, 5, 4),
    duration_ms: 1200,
    size_bytes: 5 * 1024 * 1024,
    uncompressed_bytes: 9 * 1024 * 1024,
    entries: 40,
    skipped_entries: 0,
    sha256: 'ab',
    made_by: { type: 'User', user_id: 'U', user_name: 'alice' },
    locked: false,
    live: false,
    safety: false,
    failure: null,
    ...overrides,
  };
}

const SETTINGS = {
  excludes: DEFAULT_BACKUP_EXCLUDES,
  retention: { keep_last: 5, max_age_days: null, max_total_gib: null },
};

function setup(
  options: {
    backups?: BackupRecord[];
    rights?: BackupRights;
    instance?: Partial<InstanceInfo>;
    routes?: Record<string, FakeHandler>;
  } = {},
) {
  const download = vi.fn();
  const { network, user, publish } = renderScreen(
    <BackupsScreen
      instance={instanceInfo({ uuid: 'A', name: 'Alpha', ...options.instance })}
      rights={options.rights ?? ALL}
      download={download}
    />,
    {
      'GET /instance/A/backups': { body: options.backups ?? [] },
      'GET /instance/A/backup_settings': { body: SETTINGS },
      ...options.routes,
    },
  );
  const emit = (eventId: string, inner: ProgressionEventInner) =>
    publish(
      clientEvent({ type: 'ProgressionEvent', event_id: eventId, progression_event_inner: inner }),
    );
  return { network, download, user, emit };
}

const row = (name: string) => screen.getByRole('row', { name });

describe('Backups tab', () => {
  it('without can_read_instance_file shows No permission and reads nothing', () => {
    const { network } = setup({ rights: { read: false, write: false, replace: false } });
    expect(screen.getByText('No permission')).toBeInTheDocument();
    expect(network.callsTo('GET', '/instance/A/backups')).toHaveLength(0);
    expect(screen.queryByRole('button', { name: 'Create backup' })).not.toBeInTheDocument();
  });

  it('explains what a backup is when there is none', async () => {
    setup();
    expect(await screen.findByText('No backups yet')).toBeInTheDocument();
    expect(screen.getByText(/compressed copy of this instance's folder/)).toBeInTheDocument();
  });

  it('a listed backup scrolls inside its table on a phone, not the page', async () => {
    setup({ backups: [backup()] });
    await screen.findByRole('row', { name: 'nightly' });
    expect(screen.getByRole('columnheader', { name: 'Actions' })).toBeInTheDocument();
    expect(escapingSrOnly(document.body)).toEqual([]);
  });

  it('lists name, created, size, made by and lock; marks safety, live and unfinished backups', async () => {
    setup({
      backups: [
        backup(),
        backup({ id: '2', name: 'Before restoring nightly', safety: true, created_at: 1 }),
        backup({ id: '3', name: 'busy', state: 'Creating', created_at: Date.UTC(2026, 0, 6) }),
        backup({ id: '4', name: 'hot', live: true, locked: true, created_at: 2 }),
      ],
    });
    const nightly = await screen.findByRole('row', { name: 'nightly' });
    expect(nightly).toHaveTextContent('Jan 5, 2026');
    expect(nightly).toHaveTextContent('5 MB');
    expect(nightly).toHaveTextContent('alice');
    expect(within(nightly).getByRole('switch', { name: 'Lock nightly' })).not.toBeChecked();
    expect(row('Before restoring nightly')).toHaveTextContent('Safety');
    expect(row('busy')).toHaveTextContent('In progress');
    expect(within(row('busy')).getByRole('button', { name: 'Restore' })).toBeDisabled();
    expect(row('hot')).toHaveTextContent('Taken live');
    expect(within(row('hot')).getByRole('button', { name: 'Delete' })).toBeDisabled();
    // Newest first.
    expect(
      screen
        .getAllByRole('row')
        .slice(1)
        .map((r) => r.getAttribute('aria-label')),
    ).toEqual(['busy', 'nightly', 'hot', 'Before restoring nightly']);
  });

  it('Create backup sends the name and lock, and the new backup shows in progress at once', async () => {
    const { network, user } = setup({
      routes: {
        'POST /instance/A/backups': (req) => ({
          body: backup({
            id: '9',
            name: (req.body as { name: string }).name,
            state: 'Creating',
            created_at: Date.UTC(2026, 1, 1),
          }),
        }),
      },
    });
    await screen.findByText('No backups yet');
    await user.click(screen.getByRole('button', { name: 'Create backup' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create backup' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'before update');
    await user.click(within(dialog).getByRole('checkbox', { name: 'Lock' }));
    await user.click(within(dialog).getByRole('button', { name: 'Create backup' }));
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(network.callsTo('POST', '/instance/A/backups')[0]?.body).toEqual({
      name: 'before update',
      locked: true,
    });
    expect(row('before update')).toHaveTextContent('In progress');
  });

  it('shows progress while a backup of this instance runs and refreshes the list when it ends', async () => {
    const { network, emit } = setup({ backups: [backup()] });
    await screen.findByRole('row', { name: 'nightly' });
    emit('7', {
      type: 'ProgressionStart',
      progression_name: 'Backing up Alpha',
      total: 100,
      inner: null,
    });
    const bar = screen.getByRole('progressbar', { name: 'Backing up Alpha' });
    emit('7', { type: 'ProgressionUpdate', progress_message: 'Archiving: 50%', progress: 50 });
    expect(bar).toHaveAttribute('aria-valuenow', '50');
    expect(screen.getByText('Archiving: 50%')).toBeInTheDocument();
    emit('8', {
      type: 'ProgressionStart',
      progression_name: 'Backing up Beta',
      total: 100,
      inner: null,
    });
    expect(screen.getAllByRole('progressbar')).toHaveLength(1);
    const before = network.callsTo('GET', '/instance/A/backups').length;
    emit('7', {
      type: 'ProgressionEnd',
      success: true,
      message: 'Backup of Alpha finished',
      inner: { type: 'FSOperationCompleted', instance_uuid: 'A', success: true, message: 'ok' },
    });
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    await vi.waitFor(() =>
      expect(network.callsTo('GET', '/instance/A/backups').length).toBeGreaterThan(before),
    );
  });

  it('Restore says what is replaced and that a safety backup is kept', async () => {
    const { network, user } = setup({
      backups: [backup()],
      routes: { 'POST /instance/A/backups/1/restore': {} },
    });
    await user.click(
      within(await screen.findByRole('row', { name: 'nightly' })).getByRole('button', {
        name: 'Restore',
      }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Restore "nightly"' });
    expect(dialog).toHaveTextContent('Every file in the folder of Alpha is replaced');
    expect(dialog).toHaveTextContent('A safety backup of the current files is made first');
    // The core exempts safety backups from retention: the dialog promises no more than that.
    expect(dialog).toHaveTextContent(
      'It is kept until you delete it: the retention rules never remove it',
    );
    expect(dialog).not.toHaveTextContent('is running');
    await user.click(within(dialog).getByRole('button', { name: 'Restore' }));
    await vi.waitFor(() =>
      expect(network.callsTo('POST', '/instance/A/backups/1/restore')[0]?.body).toEqual({
        stop_first: false,
      }),
    );
    expect(await screen.findByText('Restoring "nightly" to Alpha')).toBeInTheDocument();
  });

  it('offers stop-then-restore while the server runs, and shows a refusal in the dialog', async () => {
    const { network, user } = setup({
      backups: [backup()],
      instance: { state: 'Running' },
      routes: {
        'POST /instance/A/backups/1/restore': {
          status: 400,
          body: { kind: 'BadRequest', causes: ['A backup of this instance is already running'] },
        },
      },
    });
    await user.click(
      within(await screen.findByRole('row', { name: 'nightly' })).getByRole('button', {
        name: 'Restore',
      }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Restore "nightly"' });
    expect(dialog).toHaveTextContent('Alpha is running. It will be stopped before the restore');
    await user.click(within(dialog).getByRole('button', { name: 'Stop and restore' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'A backup of this instance is already running',
    );
    expect(network.callsTo('POST', '/instance/A/backups/1/restore')[0]?.body).toEqual({
      stop_first: true,
    });
  });

  it('Download asks for a key and follows the download link', async () => {
    const { download, user } = setup({
      backups: [backup()],
      routes: { 'GET /instance/A/backups/1/url': { raw: 'KEY123' } },
    });
    await user.click(
      within(await screen.findByRole('row', { name: 'nightly' })).getByRole('button', {
        name: 'Download',
      }),
    );
    await vi.waitFor(() =>
      expect(download).toHaveBeenCalledWith('http://core.test:16662/api/v1/file/KEY123'),
    );
  });

  it('locks with the switch; deletes an unlocked backup after confirming', async () => {
    const { network, user } = setup({
      backups: [backup()],
      routes: {
        'PUT /instance/A/backups/1': { body: backup({ locked: true }) },
        'DELETE /instance/A/backups/1': {},
      },
    });
    const nightly = await screen.findByRole('row', { name: 'nightly' });
    await user.click(within(nightly).getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete "nightly"' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete backup' }));
    await vi.waitFor(() =>
      expect(screen.queryByRole('row', { name: 'nightly' })).not.toBeInTheDocument(),
    );
    expect(network.callsTo('DELETE', '/instance/A/backups/1')).toHaveLength(1);
    expect(await screen.findByText('No backups yet')).toBeInTheDocument();
  });

  it('a failed backup shows Failed and its reason; Dismiss removes the row without a dialog', async () => {
    const failed = backup({
      id: '2',
      name: 'big',
      state: 'Failed',
      failure: 'Interrupted: the core stopped during the backup',
      sha256: null,
      size_bytes: 0,
      locked: true,
    });
    const { network, user } = setup({
      backups: [failed, backup()],
      routes: { 'DELETE /instance/A/backups/2': {} },
    });
    const big = await screen.findByRole('row', { name: 'big' });
    expect(big).toHaveTextContent('Failed');
    expect(big).toHaveTextContent('Interrupted: the core stopped during the backup');
    expect(big).toHaveTextContent('—');
    expect(within(big).queryByRole('button', { name: 'Restore' })).not.toBeInTheDocument();
    expect(within(big).queryByRole('button', { name: 'Download' })).not.toBeInTheDocument();
    expect(within(big).getByRole('switch', { name: 'Lock big' })).toBeDisabled();
    await user.click(within(big).getByRole('button', { name: 'Dismiss' }));
    await vi.waitFor(() =>
      expect(screen.queryByRole('row', { name: 'big' })).not.toBeInTheDocument(),
    );
    expect(network.callsTo('DELETE', '/instance/A/backups/2')).toHaveLength(1);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(row('nightly')).toBeInTheDocument();
  });

  it('a dismiss that fails says why and keeps the row', async () => {
    const failed = backup({
      id: '2',
      name: 'big',
      state: 'Failed',
      failure: 'No space left on device',
    });
    const { user } = setup({
      backups: [failed],
      routes: {
        'DELETE /instance/A/backups/2': {
          status: 500,
          body: { kind: 'Internal', causes: ['The database is read-only'] },
        },
      },
    });
    const big = await screen.findByRole('row', { name: 'big' });
    await user.click(within(big).getByRole('button', { name: 'Dismiss' }));
    expect(await screen.findByText('Internal: The database is read-only')).toBeInTheDocument();
    expect(row('big')).toBeInTheDocument();
  });

  it('reading only: a failed backup cannot be dismissed', async () => {
    setup({
      backups: [
        backup({ id: '2', name: 'big', state: 'Failed', failure: 'No space left on device' }),
      ],
      rights: { read: true, write: false, replace: false },
    });
    const big = await screen.findByRole('row', { name: 'big' });
    expect(within(big).getByRole('button', { name: 'Dismiss' })).toBeDisabled();
  });

  it('the lock switch sends the new lock', async () => {
    const { network, user } = setup({
      backups: [backup()],
      routes: { 'PUT /instance/A/backups/1': { body: backup({ locked: true }) } },
    });
    await user.click(await screen.findByRole('switch', { name: 'Lock nightly' }));
    await vi.waitFor(() =>
      expect(screen.getByRole('switch', { name: 'Lock nightly' })).toBeChecked(),
    );
    expect(network.callsTo('PUT', '/instance/A/backups/1')[0]?.body).toEqual({ locked: true });
    expect(within(row('nightly')).getByRole('button', { name: 'Delete' })).toBeDisabled();
  });

  it('reading only: no lock, restore or delete; settings are read-only', async () => {
    setup({ backups: [backup()], rights: { read: true, write: false, replace: false } });
    const nightly = await screen.findByRole('row', { name: 'nightly' });
    expect(within(nightly).getByRole('switch', { name: 'Lock nightly' })).toBeDisabled();
    expect(within(nightly).getByRole('button', { name: 'Restore' })).toBeDisabled();
    expect(within(nightly).getByRole('button', { name: 'Delete' })).toBeDisabled();
    expect(within(nightly).getByRole('button', { name: 'Download' })).toBeEnabled();
    const settings = await screen.findByRole('region', { name: 'Backup settings' });
    expect(within(settings).getByRole('textbox', { name: 'Keep the last' })).toBeDisabled();
    expect(within(settings).getByRole('button', { name: 'No permission' })).toBeDisabled();
  });

  it('retention and excludes: checked before saving, then sent', async () => {
    const { network, user } = setup({
      routes: {
        'PUT /instance/A/backup_settings': (req) => ({
          body: { ...SETTINGS, ...(req.body as object) },
        }),
      },
    });
    const settings = await screen.findByRole('region', { name: 'Backup settings' });
    const keep = within(settings).getByRole('textbox', { name: 'Keep the last' });
    expect(keep).toHaveValue('5');
    await user.clear(keep);
    await user.type(keep, '0');
    await user.click(within(settings).getByRole('button', { name: 'Save settings' }));
    expect(within(settings).getByText('Must be more than 0')).toBeInTheDocument();
    expect(network.callsTo('PUT', '/instance/A/backup_settings')).toHaveLength(0);
    await user.clear(keep);
    await user.type(keep, '3');
    await user.type(within(settings).getByRole('textbox', { name: 'Remove after' }), '30');
    const excludes = within(settings).getByRole('textbox', { name: 'Excluded files' });
    await user.clear(excludes);
    await user.type(excludes, 'logs/');
    await user.click(within(settings).getByRole('button', { name: 'Save settings' }));
    await vi.waitFor(() =>
      expect(network.callsTo('PUT', '/instance/A/backup_settings')[0]?.body).toEqual({
        retention: { keep_last: 3, max_age_days: 30, max_total_gib: null },
        excludes: 'logs/',
      }),
    );
  });

  it('a failed list shows the error', async () => {
    setup({
      routes: {
        'GET /instance/A/backups': {
          status: 500,
          body: { kind: 'Internal', causes: ['Disk on fire'] },
        },
      },
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('Disk on fire');
  });

  it('speaks German: the table, its actions, the work in progress and the name check', async () => {
    await activateLocale('de');
    const { user, emit } = setup({ backups: [backup()] });
    const nightly = await screen.findByRole('row', { name: 'nightly' });
    expect(screen.getByRole('heading', { name: 'Sicherungen' })).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: 'Erstellt von' })).toBeInTheDocument();
    expect(within(nightly).getByRole('button', { name: 'Wiederherstellen' })).toBeEnabled();
    expect(within(nightly).getByRole('switch', { name: 'nightly sperren' })).not.toBeChecked();
    emit('7', {
      type: 'ProgressionStart',
      progression_name: 'Backing up Alpha',
      total: 100,
      inner: null,
    });
    expect(
      screen.getByRole('progressbar', { name: 'Sicherung von Alpha läuft' }),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Sicherung erstellen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Sicherung erstellen' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'x'.repeat(101));
    await user.click(within(dialog).getByRole('button', { name: 'Sicherung erstellen' }));
    expect(
      within(dialog).getByText('Der Name der Sicherung darf höchstens 100 Zeichen lang sein'),
    ).toBeInTheDocument();
  });

  it('speaks Chinese: the empty list and the settings', async () => {
    await activateLocale('zh-CN');
    setup();
    expect(await screen.findByText('还没有备份')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: '备份设置' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '保存设置' })).toBeInTheDocument();
  });
});
