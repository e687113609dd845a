import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen, within } from '@testing-library/react';
import type { HistoryEntry, MacroEntry, TaskEntry } from '@hearth/protocol';
import { activateLocale } from '@/lib/i18n/i18n.ts';
import { FakeSocket } from '@/test/fake-socket.ts';
import { NO_ROUTE } from '@/test/lodestone-fixtures.ts';
import {
  DENIAL,
  localSeconds,
  renderMacros,
  route,
  sendMacroEvent,
  sendMacrosChanged,
} from '../macros-test-harness.tsx';

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const JAN_5 = localSeconds(2024, 0, 5, 15, 4);
const MACROS: MacroEntry[] = [
  { name: 'backup', last_run: JAN_5, path: '/data/i/macros/backup', needs_config: false },
  { name: 'greeter', last_run: null, path: '/data/i/macros/greeter', needs_config: false },
];
const GREETER_TASK: TaskEntry = { name: 'greeter', creation_time: JAN_5, pid: 7 };

function headersOf(table: HTMLElement): string[] {
  return within(table)
    .getAllByRole('columnheader')
    .map((h) => h.textContent ?? '');
}

function rowsOf(table: HTMLElement): string[][] {
  return within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) =>
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent ?? ''),
    );
}

async function openTab(user: ReturnType<typeof renderMacros>['user'], name: string) {
  await user.click(screen.getByRole('tab', { name }));
  return screen.findByRole('table', { name });
}

async function chooseRowAction(
  user: ReturnType<typeof renderMacros>['user'],
  row: string,
  action: string,
) {
  await user.click(await screen.findByRole('button', { name: `${row} actions` }));
  await user.click(await screen.findByRole('menuitem', { name: action }));
}

/** Run Macro from the row menu, then Run in its dialog with these arguments (issue 23 #3). */
async function runFromMenu(user: ReturnType<typeof renderMacros>['user'], name: string, args = '') {
  await chooseRowAction(user, name, 'Run Macro');
  const dialog = await screen.findByRole('dialog', { name: 'Run Macro' });
  if (args) await user.type(within(dialog).getByRole('textbox', { name: 'Arguments' }), args);
  await user.click(within(dialog).getByRole('button', { name: 'Run' }));
  return dialog;
}

/** Opens the Macro Output dialog of task `pid` of macro `name`, once `tab` lists it. */
async function openOutput(
  user: ReturnType<typeof renderMacros>['user'],
  tab: string,
  name: string,
  pid: number,
) {
  const table = await openTab(user, tab);
  await within(table).findByText(name);
  await chooseRowAction(user, `${name} (${pid})`, 'View Output');
  return screen.findByRole('dialog', { name: 'Macro Output' });
}

describe('Macros tab (dashboard.md §2 Macros)', () => {
  it('lists All Macros with MACRO NAME and LAST RUN, dates like Jan 5 2024 at 3:04 PM or N/A', async () => {
    renderMacros({ [route.list]: { body: MACROS } });
    const table = await screen.findByRole('table', { name: 'All Macros' });
    expect(headersOf(table)).toEqual(['MACRO NAME', 'LAST RUN', 'Actions']);
    await vi.waitFor(() =>
      expect(rowsOf(table).map((cells) => cells.slice(0, 2))).toEqual([
        ['backup', 'Jan 5 2024 at 3:04 PM'],
        ['greeter', 'N/A'],
      ]),
    );
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual([
      'All Macros',
      'Running Tasks',
      'History',
    ]);
  });

  it('says No data currently available in each empty table', async () => {
    const { user } = renderMacros({});
    const all = await screen.findByRole('table', { name: 'All Macros' });
    expect(await within(all).findByText('No data currently available')).toBeInTheDocument();
    const columns = {
      'Running Tasks': ['MACRO NAME', 'CREATED', 'PROCESS ID', 'Actions'],
      History: ['MACRO NAME', 'CREATED', 'FINISHED', 'PROCESS ID', 'Actions'],
    };
    for (const [tab, headers] of Object.entries(columns)) {
      const table = await openTab(user, tab);
      expect(headersOf(table)).toEqual(headers);
      expect(await within(table).findByText('No data currently available')).toBeInTheDocument();
    }
  });

  it('without can_access_instance_macro says so and reads nothing', async () => {
    const { network } = renderMacros({}, false);
    expect(await screen.findByText(DENIAL)).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(network.calls).toHaveLength(0);
  });

  it('Run Macro runs it with no arguments, sets LAST RUN to now and refreshes Running Tasks', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(2024, 5, 1, 9, 30));
    let running: TaskEntry[] = [];
    const { user, network } = renderMacros({
      [route.list]: { body: MACROS },
      [route.tasks]: () => ({ body: running }),
      [route.run('greeter')]: () => {
        running = [GREETER_TASK];
        return { body: null };
      },
    });
    const dialog = await runFromMenu(user, 'greeter');
    await vi.waitFor(() => expect(dialog).not.toBeInTheDocument());
    const table = screen.getByRole('table', { name: 'All Macros' });
    await vi.waitFor(() =>
      expect(rowsOf(table)[1]!.slice(0, 2)).toEqual(['greeter', 'Jun 1 2024 at 9:30 AM']),
    );
    expect(network.callsTo('PUT', route.run('greeter').slice(4))[0]!.body).toEqual([]);
    const tasks = await openTab(user, 'Running Tasks');
    await vi.waitFor(() =>
      expect(rowsOf(tasks).map((c) => c.slice(0, 3))).toEqual([
        ['greeter', 'Jan 5 2024 at 3:04 PM', '7'],
      ]),
    );
  });

  it('Run Macro passes the arguments typed in its dialog, split at spaces', async () => {
    const { user, network } = renderMacros({
      [route.list]: { body: MACROS },
      [route.run('greeter')]: { body: null },
    });
    const dialog = await runFromMenu(user, 'greeter', '  --name  Steve 3 ');
    await vi.waitFor(() =>
      expect(network.callsTo('PUT', route.run('greeter').slice(4))[0]?.body).toEqual([
        '--name',
        'Steve',
        '3',
      ]),
    );
    await vi.waitFor(() => expect(dialog).not.toBeInTheDocument());
  });

  it('Cancel in the Run Macro dialog runs nothing', async () => {
    const { user, network } = renderMacros({ [route.list]: { body: MACROS } });
    await chooseRowAction(user, 'greeter', 'Run Macro');
    const dialog = await screen.findByRole('dialog', { name: 'Run Macro' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await vi.waitFor(() => expect(dialog).not.toBeInTheDocument());
    expect(network.callsTo('PUT', route.run('greeter').slice(4))).toHaveLength(0);
  });

  it('with needs_config, Run Macro opens Macro Config first (no run, no toast), then the run dialog', async () => {
    const { user, network } = renderMacros({
      [route.list]: { body: [{ ...MACROS[1]!, needs_config: true }] },
      [route.configGet('greeter')]: {
        body: { config: {}, message: 'Local config cache not found', error: 'NotFound' },
      },
      [route.configStore('greeter')]: { body: null },
      [route.run('greeter')]: { body: null },
    });
    await chooseRowAction(user, 'greeter', 'Run Macro');
    const config = await screen.findByRole('dialog', { name: 'Macro Config' });
    expect(
      await within(config).findByText('This macro requires additional config.'),
    ).toBeInTheDocument();
    expect(screen.queryByText(/Config error/)).not.toBeInTheDocument();
    expect(network.callsTo('PUT', route.run('greeter').slice(4))).toHaveLength(0);
    await user.click(within(config).getByRole('button', { name: 'Save' }));
    const run = await screen.findByRole('dialog', { name: 'Run Macro' });
    await user.click(within(run).getByRole('button', { name: 'Run' }));
    await vi.waitFor(() =>
      expect(network.callsTo('PUT', route.run('greeter').slice(4))).toHaveLength(1),
    );
  });

  it('against a core without needs_config (Lodestone): a failed run toasts its message, then opens the Macro Config dialog', async () => {
    const { user } = renderMacros({
      // Lodestone's list entries: no needs_config.
      [route.list]: {
        body: MACROS.map((m) => ({ name: m.name, last_run: m.last_run, path: m.path })),
      },
      [route.run('greeter')]: { status: 500, body: { kind: 'Internal', causes: ['Config error'] } },
      [route.configGet('greeter')]: {
        body: { config: {}, message: 'Local config cache not found', error: 'NotFound' },
      },
    });
    await runFromMenu(user, 'greeter');
    expect(await screen.findByText('Internal: Config error')).toBeInTheDocument();
    const dialog = await screen.findByRole('dialog', { name: 'Macro Config' });
    expect(within(dialog).getByText('This macro requires additional config.')).toBeInTheDocument();
  });

  it('Kill Task kills it and puts it on top of History, finished now', async () => {
    const older: HistoryEntry = {
      task: { name: 'backup', creation_time: JAN_5, pid: 3 },
      exit_status: { type: 'Success', time: JAN_5 },
    };
    const { user, network } = renderMacros({
      [route.tasks]: { body: [GREETER_TASK] },
      [route.history]: { body: [older] },
      [route.kill(7)]: { body: null },
    });
    const tasks = await openTab(user, 'Running Tasks');
    await within(tasks).findByText('greeter');
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(2024, 5, 1, 21, 5));
    await chooseRowAction(user, 'greeter (7)', 'Kill Task');
    await vi.waitFor(() =>
      expect(within(tasks).getByText('No data currently available')).toBeInTheDocument(),
    );
    expect(network.callsTo('PUT', route.kill(7).slice(4))).toHaveLength(1);
    const history = await openTab(user, 'History');
    expect(rowsOf(history)).toEqual([
      ['greeterKilled', 'Jan 5 2024 at 3:04 PM', 'Jun 1 2024 at 9:05 PM', '7', ''],
      ['backupSuccess', 'Jan 5 2024 at 3:04 PM', 'Jan 5 2024 at 3:04 PM', '3', ''],
    ]);
  });

  it('a refused kill toasts the message and keeps the task', async () => {
    const { user } = renderMacros({
      [route.tasks]: { body: [GREETER_TASK] },
      [route.kill(7)]: {
        status: 404,
        body: { kind: 'NotFound', causes: ['Macro with pid MacroPID(7) not found'] },
      },
    });
    const tasks = await openTab(user, 'Running Tasks');
    await within(tasks).findByText('greeter');
    await chooseRowAction(user, 'greeter (7)', 'Kill Task');
    expect(
      await screen.findByText('Not Found: Macro with pid MacroPID(7) not found'),
    ).toBeInTheDocument();
    expect(within(tasks).getByText('greeter')).toBeInTheDocument();
  });

  it('follows MacroEvents live: Started refreshes the tasks, Stopped moves a task to History', async () => {
    let running: TaskEntry[] = [];
    const { user, queryClient, network } = renderMacros({
      [route.tasks]: () => ({ body: running }),
    });
    const tasks = await openTab(user, 'Running Tasks');
    await within(tasks).findByText('No data currently available');
    running = [GREETER_TASK];
    sendMacroEvent(queryClient, 7, { type: 'Started' });
    expect(await within(tasks).findByText('greeter')).toBeInTheDocument();
    const historyCalls = network.callsTo('GET', route.history.slice(4)).length;
    const FINISHED = localSeconds(2024, 1, 2, 8, 0);
    sendMacroEvent(queryClient, 7, {
      type: 'Stopped',
      exit_status: { type: 'Error', time: FINISHED, error_msg: 'Uncaught Error: boom' },
    });
    await vi.waitFor(() =>
      expect(within(tasks).getByText('No data currently available')).toBeInTheDocument(),
    );
    const history = await openTab(user, 'History');
    expect(rowsOf(history)).toEqual([
      [
        'greeterError: Uncaught Error: boom',
        'Jan 5 2024 at 3:04 PM',
        'Feb 2 2024 at 8:00 AM',
        '7',
        '',
      ],
    ]);
    expect(network.callsTo('GET', route.history.slice(4))).toHaveLength(historyCalls);
  });

  it("ignores another instance's MacroEvents", async () => {
    const { user, queryClient, network } = renderMacros({
      [route.tasks]: { body: [GREETER_TASK] },
    });
    const tasks = await openTab(user, 'Running Tasks');
    await within(tasks).findByText('greeter');
    const before = network.calls.length;
    sendMacroEvent(queryClient, 7, { type: 'Started' }, 'INSTANCE_2');
    sendMacroEvent(
      queryClient,
      7,
      { type: 'Stopped', exit_status: { type: 'Success', time: JAN_5 } },
      'INSTANCE_2',
    );
    expect(within(tasks).getByText('greeter')).toBeInTheDocument();
    expect(network.calls).toHaveLength(before);
  });

  it('shows a macro folder added through Files or the API without a reload (MacrosChanged)', async () => {
    let listed: MacroEntry[] = [MACROS[0]!];
    const { queryClient } = renderMacros({ [route.list]: () => ({ body: listed }) });
    const table = await screen.findByRole('table', { name: 'All Macros' });
    await within(table).findByText('backup');
    listed = MACROS;
    sendMacrosChanged(queryClient, 'INSTANCE_2');
    sendMacrosChanged(queryClient);
    expect(await within(table).findByText('greeter')).toBeInTheDocument();
  });

  it("does not refetch the list for another instance's MacrosChanged", async () => {
    const { queryClient, network } = renderMacros({ [route.list]: { body: MACROS } });
    const table = await screen.findByRole('table', { name: 'All Macros' });
    await within(table).findByText('greeter');
    const before = network.callsTo('GET', route.list.slice(4)).length;
    sendMacrosChanged(queryClient, 'INSTANCE_2');
    expect(network.callsTo('GET', route.list.slice(4))).toHaveLength(before);
  });

  it("View Output on a running task shows the task's output live (issue 23 #2)", async () => {
    const { user } = renderMacros({
      [route.tasks]: { body: [GREETER_TASK] },
      [route.output(7)]: { body: { lines: ['hello'], truncated: false } },
    });
    const dialog = await openOutput(user, 'Running Tasks', 'greeter', 7);
    const log = within(dialog).getByRole('log', { name: 'Macro output' });
    expect(await within(log).findByText('hello')).toBeInTheDocument();
    const socket = await vi.waitFor(() => {
      const found = FakeSocket.instances.find((s) => s.url.includes('/macro/output/7/stream'));
      if (!found) throw new Error('no output socket yet');
      return found;
    });
    act(() => {
      socket.open();
      socket.push({ type: 'Output', lines: ['hello', 'world'], truncated: false });
      socket.push({ type: 'Lines', lines: ['again'] });
    });
    expect(
      within(log)
        .getAllByText(/^(hello|world|again)$/)
        .map((l) => l.textContent),
    ).toEqual(['hello', 'world', 'again']);
    act(() =>
      socket.push({ type: 'End', exit_status: { type: 'Success', time: JAN_5 }, truncated: false }),
    );
    expect(await within(dialog).findByText('Finished')).toBeInTheDocument();
  });

  it("History's View Output shows the saved output and says when lines were dropped", async () => {
    const done: HistoryEntry = {
      task: { name: 'backup', creation_time: JAN_5, pid: 3 },
      exit_status: { type: 'Success', time: JAN_5 },
    };
    const { user } = renderMacros({
      [route.history]: { body: [done] },
      [route.output(3)]: { body: { lines: ['copied 3 files', 'done'], truncated: true } },
    });
    const dialog = await openOutput(user, 'History', 'backup', 3);
    const log = within(dialog).getByRole('log', { name: 'Macro output' });
    expect(await within(log).findByText('copied 3 files')).toBeInTheDocument();
    expect(within(log).getByText('done')).toBeInTheDocument();
    expect(within(dialog).getByText('Older lines were not kept.')).toBeInTheDocument();
    expect(FakeSocket.instances.some((s) => s.url.includes('/macro/output/'))).toBe(false);
  });

  it('View Output against a core that keeps no output (Lodestone) says so and opens no socket', async () => {
    const { user } = renderMacros({
      [route.tasks]: { body: [GREETER_TASK] },
      [route.output(7)]: NO_ROUTE,
    });
    const dialog = await openOutput(user, 'Running Tasks', 'greeter', 7);
    expect(
      await within(dialog).findByText("This core does not keep a macro's output."),
    ).toBeInTheDocument();
    expect(FakeSocket.instances.some((s) => s.url.includes('/macro/output/'))).toBe(false);
  });

  it('History labels a success, and a long error stays on one line until expanded (issue 23 #6)', async () => {
    const message = `Uncaught Error: ${'the server refused the request because '.repeat(12)}end`;
    const entries: HistoryEntry[] = [
      {
        task: { name: 'greeter', creation_time: JAN_5, pid: 7 },
        exit_status: { type: 'Error', time: JAN_5, error_msg: message },
      },
      {
        task: { name: 'backup', creation_time: JAN_5, pid: 3 },
        exit_status: { type: 'Success', time: JAN_5 },
      },
    ];
    const { user } = renderMacros({ [route.history]: { body: entries } });
    const history = await openTab(user, 'History');
    const backup = (await within(history).findByText('backup')).closest('tr')!;
    expect(within(backup).getByText('Success')).toBeInTheDocument();

    const error = within(history).getByRole('button', { name: `Error: ${message}` });
    expect(error).toHaveAttribute('aria-expanded', 'false');
    expect(error).toHaveAttribute('title', `Error: ${message}`);
    await user.click(error);
    expect(error).toHaveAttribute('aria-expanded', 'true');
    await user.click(error);
    expect(error).toHaveAttribute('aria-expanded', 'false');
  });

  it('speaks German: tables, tabs, the row menu and the Run Macro dialog', async () => {
    await activateLocale('de');
    const { user } = renderMacros({ [route.list]: { body: MACROS } });
    const table = await screen.findByRole('table', { name: 'Alle Makros' });
    expect(headersOf(table)).toEqual(['MAKRONAME', 'LETZTE AUSFÜHRUNG', 'Aktionen']);
    await vi.waitFor(() => expect(rowsOf(table)[1]?.[1]).toBe('k. A.'));
    expect(screen.getByRole('tab', { name: 'Laufende Aufgaben' })).toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: 'Aktionen für greeter' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Makro ausführen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Makro ausführen' });
    expect(within(dialog).getByRole('textbox', { name: 'Argumente' })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Ausführen' })).toBeInTheDocument();
  });

  it('speaks Chinese: an empty table says so', async () => {
    await activateLocale('zh-CN');
    renderMacros({});
    const all = await screen.findByRole('table', { name: '所有宏' });
    expect(await within(all).findByText('当前没有可用数据')).toBeInTheDocument();
  });
});
