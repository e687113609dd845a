import { Trans, useLingui } from '@lingui/react/macro';
import type { Schedule } from '@hearth/protocol';
import { Badge } from '@/components/ui/badge.tsx';
import { Button } from '@/components/ui/button.tsx';
import { Modal } from '@/components/ui/dialog.tsx';
import { PageSpinner } from '@/components/ui/spinner.tsx';
import { LoadError } from '@/components/ui/load-error.tsx';
import { useScheduleRuns } from '../api/get-schedule-runs.ts';
import { OUTCOME_TONE, STEP_LABELS, formatDateTime, scheduleName } from '../schedule-format.ts';
import { outcomeText } from '../schedule-words.ts';

/** The last runs of a schedule, newest first, with each step's outcome and message. */
export function RunHistory({
  instanceUuid,
  schedule,
  onClose,
}: {
  instanceUuid: string;
  schedule: Schedule;
  onClose: () => void;
}) {
  const runs = useScheduleRuns(instanceUuid, schedule.id);
  const { t, i18n } = useLingui();
  const name = scheduleName(schedule);
  let body;
  if (runs.isPending) body = <PageSpinner />;
  else if (runs.isError) body = <LoadError error={runs.error} />;
  else if (runs.data.length === 0)
    body = (
      <p className="text-sm text-muted">
        <Trans>This schedule has not run yet.</Trans>
      </p>
    );
  else
    body = (
      <ol className="flex max-h-[60vh] flex-col gap-3 overflow-y-auto pr-1">
        {runs.data.map((run) => {
          const started = formatDateTime(run.started_at);
          return (
            <li
              key={run.id}
              aria-label={t`Run of ${started}`}
              className="flex flex-col gap-2 rounded-lg border border-line p-3"
            >
              <div className="flex flex-wrap items-center justify-between gap-2">
                <span className="text-sm font-medium">{started}</span>
                <Badge tone={OUTCOME_TONE[run.outcome]} pulse={run.outcome === 'Running'}>
                  {outcomeText(run.outcome)}
                </Badge>
              </div>
              <p className="text-[13px] text-faint">{run.cause}</p>
              {run.reason ? <p className="text-[13px] text-danger">{run.reason}</p> : null}
              {run.steps.length > 0 ? (
                <ol className="flex flex-col gap-1 text-[13px]">
                  {run.steps.map((step) => (
                    <li key={step.index} className="flex gap-2">
                      <span className="w-16 shrink-0 text-faint">{outcomeText(step.outcome)}</span>
                      <span className="text-muted">
                        {step.index + 1}. {i18n._(STEP_LABELS[step.type])}
                        {step.message ? ` — ${step.message}` : ''}
                      </span>
                    </li>
                  ))}
                </ol>
              ) : null}
            </li>
          );
        })}
      </ol>
    );
  return (
    <Modal
      open
      width={640}
      onOpenChange={(open) => !open && onClose()}
      title={t`Runs of "${name}"`}
      actions={
        <Button onClick={onClose}>
          <Trans>Close</Trans>
        </Button>
      }
    >
      {body}
    </Modal>
  );
}
