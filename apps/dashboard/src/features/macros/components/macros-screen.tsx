import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { useCallback, useState } from 'react';
import type { ReactNode } from 'react';
import { Tabs } from 'radix-ui';
import { Lock, PlayCircle, ScrollText, Settings2, Skull } from 'lucide-react';
import type { HistoryEntry, InstanceInfo, MacroEntry, TaskEntry } from '@hearth/protocol';
import type { UseQueryResult } from '@tanstack/react-query';
import { cn } from '@/lib/cn.ts';
import { toUserMessage } from '@/lib/errors.ts';
import { useHistory } from '../api/get-history.ts';
import { useMacros } from '../api/get-macros.ts';
import { useTasks } from '../api/get-tasks.ts';
import { formatMacroDate } from '../macro-format.ts';
import { useMacroActions } from '../use-macro-actions.ts';
import { useMacroEvents } from '../use-macro-events.ts';
import { MacroConfigDialog } from './macro-config-dialog.tsx';
import { MacroOutputDialog } from './macro-output-dialog.tsx';
import { MacroTable } from './macro-table.tsx';
import { RunMacroDialog } from './run-macro-dialog.tsx';

export const MACRO_PAGES = ['All Macros', 'Running Tasks', 'History'] as const;
type MacroPage = (typeof MACRO_PAGES)[number];
/** The pages' names on screen (the English names above are their ids). */
const PAGE_NAMES = {
  'All Macros': msg`All Macros`,
  'Running Tasks': msg`Running Tasks`,
  History: msg`History`,
} as const;
/** A page's tab value: Radix builds element ids from it, and an id holds no spaces. */
const pageId = (page: MacroPage): string => page.toLowerCase().replace(/ /g, '-');
const pageOf = (id: string): MacroPage => MACRO_PAGES.find((p) => pageId(p) === id) ?? 'All Macros';

export interface MacrosScreenProps {
  instance: InstanceInfo;
  /** can_access_instance_macro for this instance (admin does not imply it). */
  canAccess: boolean;
  /** What to say without it. */
  denial: string;
}

const LOADING = msg`Loading...`;

function statusOf(query: UseQueryResult<unknown>, loading: string): string | null {
  if (query.isPending) return loading;
  if (query.isError) return toUserMessage(query.error);
  return null;
}

/**
 * A finished task's name with how it ended: "Success", "Killed", or its error. A long error stays
 * on one line (the column must not take the page, issue 23 #6) and expands on a press — the full
 * text readable by touch and by keyboard, not only in a hover title.
 */
function HistoryName({ entry }: { entry: HistoryEntry }) {
  const [expanded, setExpanded] = useState(false);
  const { t } = useLingui();
  const exit = entry.exit_status;
  let note: ReactNode;
  if (exit.type === 'Error') {
    const error = exit.error_msg;
    const text = t`Error: ${error}`;
    note = (
      <button
        type="button"
        aria-expanded={expanded}
        title={text}
        onClick={() => setExpanded(!expanded)}
        className={cn(
          'min-h-6 rounded text-left text-xs font-normal text-danger hover:underline focus-inset',
          expanded ? 'break-words whitespace-pre-wrap' : 'truncate',
        )}
      >
        {text}
      </button>
    );
  } else {
    note = (
      <span
        className={cn(
          'text-xs font-normal',
          exit.type === 'Success' ? 'text-success' : 'text-faint',
        )}
      >
        {exit.type === 'Success' ? t`Success` : t`Killed`}
      </span>
    );
  }
  return (
    <div className="flex min-w-0 flex-col">
      <span className="truncate">{entry.task.name}</span>
      {note}
    </div>
  );
}

function MacrosPanel({ instance }: { instance: InstanceInfo }) {
  const uuid = instance.uuid;
  const macros = useMacros(uuid, true);
  const tasks = useTasks(uuid, true);
  const history = useHistory(uuid, true);
  useMacroEvents(uuid, true);
  const { t, i18n } = useLingui();
  const loading = i18n._(LOADING);
  const [page, setPage] = useState<MacroPage>('All Macros');
  /** The macro whose config is open; `thenRun` when Run Macro opened it (needs_config). */
  const [configFor, setConfigFor] = useState<{ name: string; thenRun: boolean } | null>(null);
  const closeConfig = useCallback(() => setConfigFor(null), []);
  const openConfig = useCallback(
    (name: string, thenRun = false) => setConfigFor({ name, thenRun }),
    [],
  );
  const [runFor, setRunFor] = useState<string | null>(null);
  const closeRun = useCallback(() => setRunFor(null), []);
  const actions = useMacroActions(instance, openConfig, setRunFor);
  /** The task whose output is shown; `running` from the table it was opened in. */
  const [outputOf, setOutputOf] = useState<{ task: TaskEntry; running: boolean } | null>(null);
  const closeOutput = useCallback(() => setOutputOf(null), []);
  const viewOutput = (running: boolean) => ({
    label: t`View Output`,
    icon: <ScrollText aria-hidden className="size-4" />,
    onSelect: (task: TaskEntry) => setOutputOf({ task, running }),
  });

  return (
    <section aria-label={t`Macros`} className="flex flex-col gap-4 p-5">
      <Tabs.Root value={pageId(page)} onValueChange={(value) => setPage(pageOf(value))}>
        <Tabs.List aria-label={t`Macro tables`} className="flex gap-1 border-b border-line">
          {MACRO_PAGES.map((name) => (
            <Tabs.Trigger
              key={name}
              value={pageId(name)}
              className="-mb-px h-11 border-b-2 border-transparent px-3 text-sm wide:h-9 text-muted hover:text-fg data-[state=active]:border-accent data-[state=active]:text-fg"
            >
              {i18n._(PAGE_NAMES[name])}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        <div className="relative mt-3 overflow-x-auto rounded-lg border border-line bg-panel">
          <Tabs.Content value={pageId('All Macros')}>
            <MacroTable<MacroEntry>
              label={t`All Macros`}
              columns={[
                { header: t`MACRO NAME`, cell: (m) => m.name },
                { header: t`LAST RUN`, cell: (m) => formatMacroDate(m.last_run) },
              ]}
              rows={macros.data ?? []}
              status={statusOf(macros, loading)}
              rowKey={(m) => m.name}
              rowName={(m) => m.name}
              actions={[
                {
                  label: t`Run Macro`,
                  icon: <PlayCircle aria-hidden className="size-4" />,
                  onSelect: (m) => actions.run(m.name, m.needs_config),
                },
                {
                  label: t`Edit Config`,
                  icon: <Settings2 aria-hidden className="size-4" />,
                  onSelect: (m) => actions.editConfig(m.name),
                },
              ]}
            />
          </Tabs.Content>
          <Tabs.Content value={pageId('Running Tasks')}>
            <MacroTable<TaskEntry>
              label={t`Running Tasks`}
              columns={[
                { header: t`MACRO NAME`, cell: (task) => task.name },
                { header: t`CREATED`, cell: (task) => formatMacroDate(task.creation_time) },
                { header: t`PROCESS ID`, cell: (task) => task.pid },
              ]}
              rows={tasks.data ?? []}
              status={statusOf(tasks, loading)}
              rowKey={(task) => String(task.pid)}
              rowName={(task) => `${task.name} (${task.pid})`}
              actions={[
                viewOutput(true),
                {
                  label: t`Kill Task`,
                  icon: <Skull aria-hidden className="size-4" />,
                  onSelect: (task) => actions.kill(task),
                },
              ]}
            />
          </Tabs.Content>
          <Tabs.Content value={pageId('History')}>
            <MacroTable<HistoryEntry>
              label={t`History`}
              columns={[
                { header: t`MACRO NAME`, cell: (h) => <HistoryName entry={h} /> },
                { header: t`CREATED`, cell: (h) => formatMacroDate(h.task.creation_time) },
                { header: t`FINISHED`, cell: (h) => formatMacroDate(h.exit_status.time) },
                { header: t`PROCESS ID`, cell: (h) => h.task.pid },
              ]}
              rows={history.data ?? []}
              status={statusOf(history, loading)}
              rowKey={(h) => String(h.task.pid)}
              rowName={(h) => `${h.task.name} (${h.task.pid})`}
              actions={[
                {
                  ...viewOutput(false),
                  onSelect: (h: HistoryEntry) => setOutputOf({ task: h.task, running: false }),
                },
              ]}
            />
          </Tabs.Content>
        </div>
      </Tabs.Root>
      {outputOf !== null ? (
        <MacroOutputDialog
          key={outputOf.task.pid}
          instanceUuid={uuid}
          name={outputOf.task.name}
          pid={outputOf.task.pid}
          running={outputOf.running}
          onClose={closeOutput}
        />
      ) : null}
      {runFor !== null ? (
        <RunMacroDialog
          key={runFor}
          name={runFor}
          onRun={(args) => actions.start(runFor, args)}
          onClose={closeRun}
        />
      ) : null}
      {configFor !== null ? (
        <MacroConfigDialog
          key={configFor.name}
          instanceUuid={uuid}
          name={configFor.name}
          onClose={closeConfig}
          {...(configFor.thenRun ? { onSaved: () => setRunFor(configFor.name) } : {})}
        />
      ) : null}
    </section>
  );
}

/** The Macros tab (dashboard.md §2): All Macros, Running Tasks and History, kept live by events. */
export function MacrosScreen({ instance, canAccess, denial }: MacrosScreenProps) {
  if (!canAccess) {
    return (
      <div className="flex h-full min-h-60 flex-col items-center justify-center gap-2 p-8 text-center">
        <Lock aria-hidden className="size-5 text-faint" />
        <p className="text-sm text-muted">{denial}</p>
      </div>
    );
  }
  return <MacrosPanel key={instance.uuid} instance={instance} />;
}
