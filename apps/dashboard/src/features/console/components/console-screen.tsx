import { useCallback, useDeferredValue, useEffect, useMemo, useRef, useState } from 'react';
import { Lock } from 'lucide-react';
import { t as tGlobal } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import type { InstanceInfo } from '@hearth/protocol';
import { CommandReply } from '../command-reply.ts';
import { ConsoleFilter, allLines, compileSearch } from '../console-search.ts';
import type { LineSource } from '../console-search.ts';
import type { ConsoleLog } from '../console-log.ts';
import { consoleIndicator } from '../console-status.ts';
import type { ConsoleStatus } from '../console-status.ts';
import { useConsoleStream } from '../use-console-stream.ts';
import { CommandInput } from './command-input.tsx';
import { ConsoleHeader } from './console-header.tsx';
import { ConsoleOutput } from './console-output.tsx';

export interface ConsoleScreenProps {
  instance: InstanceInfo;
  /** can_access_instance_console for this instance (decided by the caller, who knows the user). */
  canAccessConsole: boolean;
}

/** What the list shows: every kept line, or the matches of the search (updated as lines arrive). */
function useLineSource(
  log: ConsoleLog,
  version: number,
  query: string,
  regex: boolean,
): LineSource {
  const filter = useMemo(() => {
    const matcher = compileSearch(query, regex);
    return matcher ? new ConsoleFilter(log, matcher) : null;
  }, [log, query, regex]);
  return useMemo(() => {
    // `version` is what changes when lines arrive; the log itself is the same object.
    void version;
    if (!filter) return allLines(log);
    filter.update();
    return { size: filter.size, lineAt: (index: number) => filter.lineAt(index) };
  }, [filter, log, version]);
}

function emptyText(status: ConsoleStatus, logSize: number): string {
  if (logSize > 0) return tGlobal`No lines match the search`;
  return status === 'loading' ? tGlobal`Loading console...` : tGlobal`No console messages yet`;
}

/** The reply to the user's own command, announced politely (see `command-reply.ts`). */
function useCommandReply(log: ConsoleLog, version: number) {
  const reply = useRef(new CommandReply());
  const [announcement, setAnnouncement] = useState('');
  const onSent = useCallback(() => {
    reply.current.start(log.endSeq, Date.now());
    setAnnouncement('');
  }, [log]);
  useEffect(() => {
    const text = reply.current.collect(log, Date.now());
    if (text !== null) setAnnouncement(text);
  }, [log, version]);
  return { announcement, onSent };
}

function ConsoleBody({ instance, canAccessConsole }: ConsoleScreenProps) {
  const { t } = useLingui();
  const { log, version, status } = useConsoleStream(instance.uuid, canAccessConsole);
  const { announcement, onSent } = useCommandReply(log, version);
  const [query, setQuery] = useState('');
  const [regex, setRegex] = useState(true);
  const deferredQuery = useDeferredValue(query);
  const source = useLineSource(log, version, deferredQuery, regex);
  const indicator = consoleIndicator(status, instance.state);

  return (
    <section
      aria-label={t`Console`}
      className="relative flex h-full min-h-0 flex-col gap-3 p-3 wide:p-5"
    >
      <ConsoleHeader
        instanceState={instance.state}
        indicator={indicator}
        query={query}
        onQueryChange={setQuery}
        regex={regex}
        onRegexChange={setRegex}
        disabled={!canAccessConsole}
      />
      {canAccessConsole ? (
        <ConsoleOutput source={source} emptyText={emptyText(status, log.size)} />
      ) : (
        <div className="flex min-h-0 flex-1 flex-col items-center justify-center gap-2 rounded-lg border border-line bg-console-bg text-sm text-muted">
          <Lock aria-hidden className="size-5 text-faint" />
          <p>
            <Trans>You don&apos;t have permission to access this console</Trans>
          </p>
        </div>
      )}
      <CommandInput instanceUuid={instance.uuid} indicator={indicator} onSent={onSent} />
      <p role="status" aria-label={t`Command reply`} aria-live="polite" className="sr-only">
        {announcement}
      </p>
    </section>
  );
}

/** dashboard.md §2 Console, for one instance (state is reset when the instance changes). */
export function ConsoleScreen(props: ConsoleScreenProps) {
  return <ConsoleBody key={props.instance.uuid} {...props} />;
}
