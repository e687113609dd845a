import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { ProgressionEventInner, Schedule, ScheduleRun } from '@hearth/protocol';
import { activateLocale } from '@/lib/i18n/i18n.ts';
import type { FakeHandler } from '@/test/fake-fetch.ts';
import { clientEvent, instanceInfo } from '@/test/fixtures.ts';
import { renderScreen } from '@/test/render-app.tsx';
import { escapingSrOnly, verticalScrollers, visibleText } from '@/test/layout.ts';
import { SchedulesScreen } from './schedules-screen.tsx';

afterEach(() => vi.unstubAllGlobals());

function run(overrides: Partial<ScheduleRun> = {}): ScheduleRun {
  return {
    id: 'R1',
    schedule_id: 'S1',
    scheduled_for: Date.UTC(2026, 0, 5, 4),
    started_at: Date.UTC(2026, 0, 5, 4),
    finished_at: Date.UTC(2026, 0, 5, 4, 0, 2),
    outcome: 'Success',
    reason: null,
    cause: 'Cron schedule',
    steps: [
      {
        index: 0,
        type: 'Command',
        outcome: 'Success',
        message: 'Sent "say hi"',
        started_at: 1,
        finished_at: 2,
      },
    ],
    ...overrides,
  };
}

function schedule(overrides: Partial<Schedule> = {}): Schedule {
  return {
    id: 'S1',
    instance_uuid: 'A',
    author_uid: 'U',
    created_at: 0,
    updated_at: 0,
    description: 'greeting',
    trigger: { type: 'Cron', expression: '0 4 * * *', timezone: 'UTC' },
    steps: [{ type: 'Command', command: 'say hi' }],
    enabled: true,
    only_when_running: false,
    continue_on_failure: false,
    next_run: Date.UTC(2026, 0, 6, 4),
    last_run: run(),
    ...overrides,
  };
}

function setup(
  options: {
    schedules?: Schedule[];
    canView?: boolean;
    canEdit?: boolean;
    routes?: Record<string, FakeHandler>;
  } = {},
) {
  const { network, user, publish } = renderScreen(
    <SchedulesScreen
      instance={instanceInfo({ uuid: 'A', name: 'Alpha' })}
      canView={options.canView ?? true}
      canEdit={options.canEdit ?? true}
    />,
    { 'GET /instance/A/schedules': { body: options.schedules ?? [] }, ...options.routes },
  );
  const emit = (eventId: string, inner: ProgressionEventInner) =>
    publish(
      clientEvent({ type: 'ProgressionEvent', event_id: eventId, progression_event_inner: inner }),
    );
  return { network, user, emit };
}

describe('Schedules tab', () => {
  it('without can_view_instance shows No permission and reads nothing', () => {
    const { network } = setup({ canView: false, canEdit: false });
    expect(screen.getByText('No permission')).toBeInTheDocument();
    expect(network.callsTo('GET', '/instance/A/schedules')).toHaveLength(0);
  });

  it('explains schedules when there is none; viewing only cannot make one', async () => {
    setup({ canEdit: false });
    expect(await screen.findByText('No schedules yet')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'No permission' })).toBeDisabled();
  });

  it('lists description, trigger in words, next run, last outcome and the enabled toggle', async () => {
    setup({
      schedules: [
        schedule(),
        schedule({
          id: 'S2',
          description: '',
          trigger: { type: 'Event', event: 'PlayerJoined' },
          next_run: null,
          last_run: run({ outcome: 'Failed', reason: 'Step 1 failed' }),
        }),
        schedule({ id: 'S3', description: 'never', enabled: false, last_run: null }),
      ],
    });
    const greeting = await screen.findByRole('row', { name: 'greeting' });
    expect(greeting).toHaveTextContent('every day at 04:00 (UTC)');
    expect(greeting).toHaveTextContent('Jan 6, 2026');
    expect(greeting).toHaveTextContent('Success');
    expect(within(greeting).getByRole('switch', { name: 'Enable greeting' })).toBeChecked();
    const joins = screen.getByRole('row', { name: 'when a player joins' });
    expect(joins).toHaveTextContent('On event');
    expect(joins).toHaveTextContent('Failed');
    const never = screen.getByRole('row', { name: 'never' });
    expect(never).toHaveTextContent('Disabled');
    expect(never).toHaveTextContent('Never');
  });

  it('a listed schedule scrolls inside its table on a phone, and the editor scrolls once', async () => {
    const { user } = setup({ schedules: [schedule()] });
    const greeting = await screen.findByRole('row', { name: 'greeting' });
    expect(screen.getByRole('columnheader', { name: 'Actions' })).toBeInTheDocument();
    expect(escapingSrOnly(document.body)).toEqual([]);
    // At 1440 px the row fits: the actions are named icons (no words widening the column), and
    // the description keeps a width of its own instead of wrapping to three lines.
    const cells = within(greeting).getAllByRole('cell');
    const actions = cells.at(-1)!;
    expect(
      within(actions)
        .getAllByRole('button')
        .map((b) => b.getAttribute('aria-label')),
    ).toEqual(['Run greeting now', 'History of greeting', 'Edit greeting', 'Delete greeting']);
    expect(visibleText(actions)).toBe('');
    expect(cells[0]).toHaveClass('min-w-40');
    await user.click(screen.getByRole('button', { name: 'New schedule' }));
    const dialog = await screen.findByRole('dialog', { name: 'New schedule' });
    expect(verticalScrollers(dialog)).toHaveLength(1);
  });

  it('the toggle enables and disables', async () => {
    const { network, user } = setup({
      schedules: [schedule()],
      routes: {
        'PUT /instance/A/schedules/S1/enabled': {
          body: schedule({ enabled: false, next_run: null }),
        },
      },
    });
    await user.click(await screen.findByRole('switch', { name: 'Enable greeting' }));
    await vi.waitFor(() =>
      expect(screen.getByRole('switch', { name: 'Enable greeting' })).not.toBeChecked(),
    );
    expect(network.callsTo('PUT', '/instance/A/schedules/S1/enabled')[0]?.body).toBe(false);
    expect(screen.getByRole('row', { name: 'greeting' })).toHaveTextContent('Disabled');
  });

  it('the editor previews the trigger in words and builds the step list', async () => {
    const { network, user } = setup({
      routes: {
        'POST /instance/A/schedules': (req) => ({
          body: schedule({ ...(req.body as Partial<Schedule>), id: 'S9', last_run: null }),
        }),
      },
    });
    await screen.findByText('No schedules yet');
    await user.click(screen.getByRole('button', { name: 'New schedule' }));
    const dialog = await screen.findByRole('dialog', { name: 'New schedule' });
    const preview = within(dialog).getByRole('status', { name: 'Trigger preview' });
    const cron = within(dialog).getByRole('textbox', { name: 'Cron expression' });
    const zone = within(dialog).getByRole('textbox', { name: 'Time zone' });
    await user.clear(zone);
    await user.type(zone, 'UTC');
    expect(preview).toHaveTextContent('Runs every day at 04:00 (UTC)');
    await user.clear(cron);
    await user.type(cron, '* * * * *');
    expect(preview).toHaveTextContent('Runs every minute (UTC)');
    await user.clear(cron);
    await user.type(cron, '0 4');
    expect(preview).toHaveTextContent('A cron expression has five fields');
    await user.clear(cron);
    await user.type(cron, '*/5 * * * *');

    await user.type(within(dialog).getByRole('textbox', { name: 'Description' }), 'chatter');
    await user.type(within(dialog).getByRole('textbox', { name: 'Command 1' }), 'say one');
    await user.click(within(dialog).getByRole('button', { name: 'Add step' }));
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Step 2' }), 'Wait');
    await user.clear(within(dialog).getByRole('textbox', { name: 'Seconds 2' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Seconds 2' }), '15');
    await user.click(within(dialog).getByRole('button', { name: 'Add step' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Command 3' }), 'say three');
    await user.click(within(dialog).getByRole('button', { name: 'Move step 3 up' }));
    await user.click(within(dialog).getByRole('button', { name: 'Add step' }));
    await user.click(within(dialog).getByRole('button', { name: 'Remove step 4' }));
    await user.click(within(dialog).getByRole('switch', { name: 'Continue after a failed step' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save schedule' }));

    await vi.waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(network.callsTo('POST', '/instance/A/schedules')[0]?.body).toEqual({
      description: 'chatter',
      trigger: { type: 'Cron', expression: '*/5 * * * *', timezone: 'UTC' },
      steps: [
        { type: 'Command', command: 'say one' },
        { type: 'Command', command: 'say three' },
        { type: 'Wait', seconds: 15 },
      ],
      enabled: true,
      only_when_running: false,
      continue_on_failure: true,
    });
    expect(await screen.findByRole('row', { name: 'chatter' })).toBeInTheDocument();
  });

  it('shows field problems and the core refusal in the editor', async () => {
    const { network, user } = setup({
      routes: {
        'POST /instance/A/schedules': {
          status: 403,
          body: {
            kind: 'PermissionDenied',
            causes: ["bob does not have permission to use this instance's console"],
          },
        },
      },
    });
    await screen.findByText('No schedules yet');
    await user.click(screen.getByRole('button', { name: 'New schedule' }));
    const dialog = await screen.findByRole('dialog', { name: 'New schedule' });
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Runs' }), 'Interval');
    await user.clear(within(dialog).getByRole('textbox', { name: 'Every' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Every' }), '5');
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Unit' }), 'seconds');
    await user.click(within(dialog).getByRole('button', { name: 'Save schedule' }));
    expect(within(dialog).getByText('Command cannot be empty')).toBeInTheDocument();
    expect(within(dialog).getByRole('status', { name: 'Trigger preview' })).toHaveTextContent(
      'The interval must be at least 10 seconds',
    );
    expect(network.callsTo('POST', '/instance/A/schedules')).toHaveLength(0);
    await user.clear(within(dialog).getByRole('textbox', { name: 'Every' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Every' }), '60');
    await user.type(within(dialog).getByRole('textbox', { name: 'Command 1' }), 'say hi');
    await user.click(within(dialog).getByRole('button', { name: 'Save schedule' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      "bob does not have permission to use this instance's console",
    );
  });

  it('Run now starts a run; a run of this instance refreshes the list and the open history', async () => {
    let history = [run()];
    const { network, user, emit } = setup({
      schedules: [schedule()],
      routes: {
        'POST /instance/A/schedules/S1/run': { body: run({ id: 'R2', outcome: 'Running' }) },
        'GET /instance/A/schedules/S1/runs': () => ({ body: history }),
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Run greeting now' }));
    await vi.waitFor(() =>
      expect(network.callsTo('POST', '/instance/A/schedules/S1/run')).toHaveLength(1),
    );
    await user.click(screen.getByRole('button', { name: 'History of greeting' }));
    const dialog = await screen.findByRole('dialog', { name: 'Runs of "greeting"' });
    expect(await within(dialog).findByText(/Sent "say hi"/)).toBeInTheDocument();
    history = [
      run({
        id: 'R2',
        outcome: 'Failed',
        cause: 'Run now by owner',
        reason: 'Step 1 (Command) failed: Instance is stopped',
        steps: [
          {
            index: 0,
            type: 'Command',
            outcome: 'Failed',
            message: 'Instance is stopped',
            started_at: 3,
            finished_at: 4,
          },
        ],
        started_at: Date.UTC(2026, 0, 7),
      }),
      ...history,
    ];
    const lists = network.callsTo('GET', '/instance/A/schedules').length;
    emit('5', {
      type: 'ProgressionStart',
      progression_name: 'Schedule "greeting" of Other',
      total: 1,
      inner: null,
    });
    emit('6', {
      type: 'ProgressionStart',
      progression_name: 'Schedule "greeting" of Alpha',
      total: 1,
      inner: null,
    });
    emit('6', { type: 'ProgressionEnd', success: false, message: 'failed', inner: null });
    expect(await within(dialog).findByText('Run now by owner')).toBeInTheDocument();
    expect(within(dialog).getAllByText(/Instance is stopped$/)).toHaveLength(2);
    expect(within(dialog).getAllByText('Failed').length).toBeGreaterThan(0);
    expect(network.callsTo('GET', '/instance/A/schedules').length).toBeGreaterThan(lists);
  });

  it('edits an existing schedule and deletes one after confirming', async () => {
    const { network, user } = setup({
      schedules: [schedule()],
      routes: {
        'PUT /instance/A/schedules/S1': (req) => ({
          body: schedule(req.body as Partial<Schedule>),
        }),
        'DELETE /instance/A/schedules/S1': {},
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Edit greeting' }));
    const editor = await screen.findByRole('dialog', { name: 'Edit schedule' });
    expect(within(editor).getByRole('textbox', { name: 'Command 1' })).toHaveValue('say hi');
    await user.type(within(editor).getByRole('textbox', { name: 'Description' }), ' time');
    await user.click(within(editor).getByRole('button', { name: 'Save schedule' }));
    await vi.waitFor(() =>
      expect(network.callsTo('PUT', '/instance/A/schedules/S1')).toHaveLength(1),
    );
    const row = await screen.findByRole('row', { name: 'greeting time' });
    await user.click(within(row).getByRole('button', { name: 'Delete greeting time' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete "greeting time"' });
    await user.click(within(confirm).getByRole('button', { name: 'Delete schedule' }));
    expect(await screen.findByText('No schedules yet')).toBeInTheDocument();
  });

  it('speaks German: the list, the trigger in words and the editor with its checks', async () => {
    await activateLocale('de');
    const { user } = setup({ schedules: [schedule({ description: '' })] });
    const row = await screen.findByRole('row', { name: 'jeden Tag um 04:00 (UTC)' });
    expect(screen.getByRole('columnheader', { name: 'Nächste Ausführung' })).toBeInTheDocument();
    expect(row).toHaveTextContent('1 Schritt');
    expect(row).toHaveTextContent('Erfolgreich');
    expect(
      within(row).getByRole('button', { name: 'jeden Tag um 04:00 (UTC) jetzt ausführen' }),
    ).toBeEnabled();
    await user.click(screen.getByRole('button', { name: 'Neuer Zeitplan' }));
    const dialog = await screen.findByRole('dialog', { name: 'Neuer Zeitplan' });
    expect(
      within(dialog).getByRole('status', { name: 'Vorschau des Auslösers' }),
    ).toHaveTextContent(/^Wird ausgeführt: jeden Tag um 04:00/);
    await user.click(within(dialog).getByRole('button', { name: 'Zeitplan speichern' }));
    expect(within(dialog).getByText('Der Befehl darf nicht leer sein')).toBeInTheDocument();
  });

  it('speaks Chinese: the empty list', async () => {
    await activateLocale('zh-CN');
    setup();
    expect(await screen.findByText('还没有计划')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: '计划' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '新建计划' })).toBeInTheDocument();
  });
});
