import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useRef } from 'react';
import { Button } from '@/components/ui/button.tsx';
import { Modal } from '@/components/ui/dialog.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import { toUserMessage } from '@/lib/errors.ts';
import { useMacroOutput } from '../api/get-macro-output.ts';
import { useMacroOutputStream } from '../use-macro-output-stream.ts';

export const NO_OUTPUT_ROUTE = msg`This core does not keep a macro's output.`;
export const OUTPUT_TRUNCATED = msg`Older lines were not kept.`;

export interface MacroOutputDialogProps {
  instanceUuid: string;
  name: string;
  pid: number;
  /** A running task's new lines arrive live; a finished one shows what was kept. */
  running: boolean;
  onClose: () => void;
}

/**
 * A task's own output (issue 23 #2): what the core kept (GET …/macro/output/{pid}), then for a
 * running task the live lines from its socket. A core without the route (Lodestone) says so, and
 * no socket is tried.
 */
export function MacroOutputDialog({
  instanceUuid,
  name,
  pid,
  running,
  onClose,
}: MacroOutputDialogProps) {
  const saved = useMacroOutput(instanceUuid, pid);
  const live = useMacroOutputStream(instanceUuid, pid, running && Boolean(saved.data));
  const lines = live.lines ?? saved.data?.lines ?? [];
  const truncated = live.truncated || (saved.data?.truncated ?? false);
  const logRef = useRef<HTMLDivElement>(null);
  const { t, i18n } = useLingui();

  // Keep the newest line in view as lines arrive.
  useEffect(() => {
    const log = logRef.current;
    if (log) log.scrollTop = log.scrollHeight;
  }, [lines.length]);

  const status = saved.isPending
    ? null
    : saved.isError
      ? toUserMessage(saved.error)
      : saved.data === null
        ? i18n._(NO_OUTPUT_ROUTE)
        : null;
  return (
    <Modal
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={t`Macro Output`}
      description={`${name} (${pid})`}
      width={720}
      actions={
        <Button variant="secondary" onClick={onClose}>
          <Trans>Close</Trans>
        </Button>
      }
    >
      {saved.isPending ? <Spinner label={t`Loading output`} /> : null}
      {status ? <p className="text-sm text-muted">{status}</p> : null}
      {saved.data ? (
        <>
          <div className="flex flex-wrap gap-x-3 text-[13px] text-faint">
            <p>{running && !live.ended ? t`Running` : t`Finished`}</p>
            {truncated ? <p>{i18n._(OUTPUT_TRUNCATED)}</p> : null}
          </div>
          <div
            ref={logRef}
            role="log"
            aria-label={t`Macro output`}
            tabIndex={0}
            className="max-h-[50vh] min-h-24 overflow-auto rounded-md border border-line bg-bg p-3 font-mono text-xs leading-relaxed break-words whitespace-pre-wrap text-fg focus-inset"
          >
            {lines.length === 0 ? (
              <p className="text-faint">
                <Trans>No output yet</Trans>
              </p>
            ) : null}
            {lines.map((line, index) => (
              <div key={index}>{line}</div>
            ))}
          </div>
        </>
      ) : null}
    </Modal>
  );
}
