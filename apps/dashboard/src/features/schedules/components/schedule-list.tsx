import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { History, Pencil, Play, Trash2 } from 'lucide-react';
import type { Schedule } from '@hearth/protocol';
import { Badge } from '@/components/ui/badge.tsx';
import { Button } from '@/components/ui/button.tsx';
import { ActionsHeader, TableFrame } from '@/components/ui/table.tsx';
import { Switch } from '@/components/ui/switch.tsx';
import { OUTCOME_TONE, formatDateTime, nextRunText, scheduleName } from '../schedule-format.ts';
import { outcomeText, triggerText } from '../schedule-words.ts';

export interface ScheduleListProps {
  schedules: Schedule[];
  canEdit: boolean;
  onToggle: (schedule: Schedule, enabled: boolean) => void;
  onRun: (schedule: Schedule) => void;
  onHistory: (schedule: Schedule) => void;
  onEdit: (schedule: Schedule) => void;
  onDelete: (schedule: Schedule) => void;
}

// Sized to fit 1440 px beside the instance navigation: px-3 cells, icon actions, and a description
// that keeps a width of its own (the trigger wraps first).
const HEAD = 'px-3 py-2 text-left text-xs font-medium tracking-wide text-faint uppercase';

/** Description, trigger in words, next run, last run outcome, enabled toggle, actions. */
export function ScheduleList({
  schedules,
  canEdit,
  onToggle,
  onRun,
  onHistory,
  onEdit,
  onDelete,
}: ScheduleListProps) {
  const { t } = useLingui();
  return (
    <TableFrame>
      <table className="w-full text-sm">
        <thead className="border-b border-line">
          <tr>
            <th className={HEAD}>
              <Trans>Description</Trans>
            </th>
            <th className={HEAD}>
              <Trans>Trigger</Trans>
            </th>
            <th className={HEAD}>
              <Trans>Next run</Trans>
            </th>
            <th className={HEAD}>
              <Trans>Last run</Trans>
            </th>
            <th className={HEAD}>
              <Trans>Enabled</Trans>
            </th>
            <ActionsHeader className={HEAD} />
          </tr>
        </thead>
        <tbody className="divide-y divide-line">
          {schedules.map((schedule) => {
            const name = scheduleName(schedule);
            const last = schedule.last_run;
            const steps = schedule.steps.length;
            return (
              <tr key={schedule.id} aria-label={name}>
                <td className="min-w-40 px-3 py-3 font-medium">
                  <span translate="no">{name}</span>
                  <span className="block text-[13px] font-normal text-faint">
                    <Plural value={steps} one="# step" other="# steps" />
                  </span>
                </td>
                <td className="px-3 py-3 text-muted">{triggerText(schedule.trigger)}</td>
                <td className="px-3 py-3 whitespace-nowrap text-muted">{nextRunText(schedule)}</td>
                <td className="px-3 py-3">
                  {last ? (
                    <div className="flex flex-col items-start gap-1">
                      <Badge tone={OUTCOME_TONE[last.outcome]} pulse={last.outcome === 'Running'}>
                        {outcomeText(last.outcome)}
                      </Badge>
                      <span className="text-[13px] whitespace-nowrap text-faint">
                        {formatDateTime(last.started_at)}
                      </span>
                    </div>
                  ) : (
                    <span className="text-muted">
                      <Trans>Never</Trans>
                    </span>
                  )}
                </td>
                <td className="px-3 py-3">
                  <Switch
                    label={t`Enable ${name}`}
                    checked={schedule.enabled}
                    disabled={!canEdit}
                    onCheckedChange={(enabled) => onToggle(schedule, enabled)}
                  />
                </td>
                <td className="px-3 py-3">
                  <div className="flex justify-end gap-1">
                    <Button
                      size="icon"
                      variant="ghost"
                      aria-label={t`Run ${name} now`}
                      title={t`Run now`}
                      disabled={!canEdit || last?.outcome === 'Running'}
                      onClick={() => onRun(schedule)}
                    >
                      <Play aria-hidden className="size-3.5" />
                    </Button>
                    <Button
                      size="icon"
                      variant="ghost"
                      aria-label={t`History of ${name}`}
                      title={t`History`}
                      onClick={() => onHistory(schedule)}
                    >
                      <History aria-hidden className="size-3.5" />
                    </Button>
                    <Button
                      size="icon"
                      variant="ghost"
                      aria-label={t`Edit ${name}`}
                      disabled={!canEdit}
                      onClick={() => onEdit(schedule)}
                    >
                      <Pencil aria-hidden className="size-3.5" />
                    </Button>
                    <Button
                      size="icon"
                      variant="ghost"
                      aria-label={t`Delete ${name}`}
                      disabled={!canEdit}
                      onClick={() => onDelete(schedule)}
                    >
                      <Trash2 aria-hidden className="size-3.5" />
                    </Button>
                  </div>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </TableFrame>
  );
}
