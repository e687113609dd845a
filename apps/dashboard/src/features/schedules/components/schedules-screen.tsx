import { t as tGlobal } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import type { ReactNode } from 'react';
import { CalendarClock, Plus } from 'lucide-react';
import type { InstanceInfo, Schedule } from '@hearth/protocol';
import { Button } from '@/components/ui/button.tsx';
import { ConfirmDialog } from '@/components/ui/confirm-dialog.tsx';
import {
  NoPermissionNotice,
  TabEmptyState,
  TabPage,
  tabData,
} from '@/components/layout/tab-page.tsx';
import { mutationFeedback, toUserMessage } from '@/lib/errors.ts';
import { notify } from '@/lib/toast.ts';
import { useDeleteScheduleMutation } from '../api/delete-schedule.ts';
import { useSchedules } from '../api/get-schedules.ts';
import { useRunScheduleMutation } from '../api/run-schedule.ts';
import { useSetScheduleEnabledMutation } from '../api/set-schedule-enabled.ts';
import { scheduleName } from '../schedule-format.ts';
import { useScheduleEvents } from '../use-schedule-events.ts';
import { RunHistory } from './run-history.tsx';
import { ScheduleEditor } from './schedule-editor.tsx';
import { ScheduleList } from './schedule-list.tsx';

export interface SchedulesScreenProps {
  instance: InstanceInfo;
  /** can_view_instance: the list and the run history. */
  canView: boolean;
  /** can_access_instance_setting: create, edit, enable, delete, run now. */
  canEdit: boolean;
}

type Dialog =
  | { kind: 'edit'; schedule: Schedule | null }
  | { kind: 'history'; schedule: Schedule }
  | { kind: 'delete'; schedule: Schedule }
  | null;

function EmptyState() {
  return (
    <TabEmptyState icon={CalendarClock} title={<Trans>No schedules yet</Trans>}>
      <Trans>
        A schedule runs steps — console commands, restarts, backups, macros, waits — on a calendar,
        at a fixed interval, or when something happens, such as a player joining.
      </Trans>
    </TabEmptyState>
  );
}

function DeleteDialog({
  instanceUuid,
  schedule,
  onClose,
}: {
  instanceUuid: string;
  schedule: Schedule;
  onClose: () => void;
}) {
  const remove = useDeleteScheduleMutation(instanceUuid);
  const { t } = useLingui();
  const name = scheduleName(schedule);
  return (
    <ConfirmDialog
      title={t`Delete "${name}"`}
      description={t`Its run history goes with it. This action cannot be undone.`}
      confirmLabel={t`Delete schedule`}
      {...mutationFeedback(remove)}
      onConfirm={() => remove.mutate(schedule.id, { onSuccess: onClose })}
      onClose={onClose}
    />
  );
}

/** The Schedules tab (Hearth, issue 13). */
export function SchedulesScreen({ instance, canView, canEdit }: SchedulesScreenProps) {
  const schedules = useSchedules(instance.uuid, canView);
  const toggle = useSetScheduleEnabledMutation(instance.uuid);
  const run = useRunScheduleMutation(instance.uuid);
  const [dialog, setDialog] = useState<Dialog>(null);
  const { t } = useLingui();
  useScheduleEvents(instance);

  if (!canView)
    return (
      <TabPage title={<Trans>Schedules</Trans>}>
        <NoPermissionNotice />
      </TabPage>
    );

  const failed = (err: unknown) => notify('error', toUserMessage(err));
  const loaded = tabData(canView, schedules);
  let body: ReactNode;
  if (!loaded.ready) body = loaded.placeholder;
  else if (loaded.data.length === 0) body = <EmptyState />;
  else
    body = (
      <ScheduleList
        schedules={loaded.data}
        canEdit={canEdit}
        onToggle={(schedule, enabled) =>
          toggle.mutate({ id: schedule.id, enabled }, { onError: failed })
        }
        onRun={(schedule) =>
          run.mutate(schedule.id, {
            onSuccess: () => {
              const name = scheduleName(schedule);
              notify('info', tGlobal`Running "${name}"`);
            },
            onError: failed,
          })
        }
        onHistory={(schedule) => setDialog({ kind: 'history', schedule })}
        onEdit={(schedule) => setDialog({ kind: 'edit', schedule })}
        onDelete={(schedule) => setDialog({ kind: 'delete', schedule })}
      />
    );

  const close = () => setDialog(null);
  return (
    <TabPage
      title={<Trans>Schedules</Trans>}
      action={
        <Button
          variant="primary"
          disabled={!canEdit}
          onClick={() => setDialog({ kind: 'edit', schedule: null })}
        >
          <Plus aria-hidden className="size-4" />
          {canEdit ? t`New schedule` : t`No permission`}
        </Button>
      }
    >
      {body}
      {dialog?.kind === 'edit' ? (
        <ScheduleEditor instanceUuid={instance.uuid} schedule={dialog.schedule} onClose={close} />
      ) : null}
      {dialog?.kind === 'history' ? (
        <RunHistory instanceUuid={instance.uuid} schedule={dialog.schedule} onClose={close} />
      ) : null}
      {dialog?.kind === 'delete' ? (
        <DeleteDialog instanceUuid={instance.uuid} schedule={dialog.schedule} onClose={close} />
      ) : null}
    </TabPage>
  );
}
