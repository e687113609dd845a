import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { History, Pencil, Play, Trash2 } from 'lucide-react';
import type { Schedule } from '@hearth/protocol';
import { Badge } from '@/components/ui/badge.tsx';
import { IconButton } from '@/components/ui/button.tsx';
import { ListTable } from '@/components/ui/list-table.tsx';
import type { Column } from '@/components/ui/table.tsx';
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

/**
 * Description, trigger in words, next run, last run outcome, enabled toggle, actions. Sized to fit
 * 1440 px beside the instance navigation: px-3 cells, icon actions, and a description that keeps a
 * width of its own (the trigger wraps first).
 */
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
  const columns: Column<Schedule>[] = [
    {
      header: <Trans>Description</Trans>,
      className: 'min-w-40 font-medium',
      cell: (schedule) => {
        const steps = schedule.steps.length;
        return (
          <>
            <span translate="no">{scheduleName(schedule)}</span>
            <span className="block text-[13px] font-normal text-faint">
              <Plural value={steps} one="# step" other="# steps" />
            </span>
          </>
        );
      },
    },
    {
      header: <Trans>Trigger</Trans>,
      className: 'text-muted',
      cell: (schedule) => triggerText(schedule.trigger),
    },
    {
      header: <Trans>Next run</Trans>,
      className: 'whitespace-nowrap text-muted',
      cell: nextRunText,
    },
    {
      header: <Trans>Last run</Trans>,
      cell: ({ last_run: last }) =>
        last ? (
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
        ),
    },
    {
      header: <Trans>Enabled</Trans>,
      cell: (schedule) => {
        const name = scheduleName(schedule);
        return (
          <Switch
            label={t`Enable ${name}`}
            checked={schedule.enabled}
            disabled={!canEdit}
            onCheckedChange={(enabled) => onToggle(schedule, enabled)}
          />
        );
      },
    },
    {
      actions: true,
      cell: (schedule) => {
        const name = scheduleName(schedule);
        return (
          <div className="flex justify-end gap-1">
            <IconButton
              label={t`Run ${name} now`}
              title={t`Run now`}
              disabled={!canEdit || schedule.last_run?.outcome === 'Running'}
              onClick={() => onRun(schedule)}
            >
              <Play aria-hidden className="size-3.5" />
            </IconButton>
            <IconButton
              label={t`History of ${name}`}
              title={t`History`}
              onClick={() => onHistory(schedule)}
            >
              <History aria-hidden className="size-3.5" />
            </IconButton>
            <IconButton
              label={t`Edit ${name}`}
              disabled={!canEdit}
              onClick={() => onEdit(schedule)}
            >
              <Pencil aria-hidden className="size-3.5" />
            </IconButton>
            <IconButton
              label={t`Delete ${name}`}
              disabled={!canEdit}
              onClick={() => onDelete(schedule)}
            >
              <Trash2 aria-hidden className="size-3.5" />
            </IconButton>
          </div>
        );
      },
    },
  ];
  return (
    <ListTable
      narrow
      columns={columns}
      rows={schedules}
      rowKey={(schedule) => schedule.id}
      rowProps={(schedule) => ({ 'aria-label': scheduleName(schedule) })}
    />
  );
}
