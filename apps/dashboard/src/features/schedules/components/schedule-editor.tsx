import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import type { Schedule } from '@hearth/protocol';
import { Modal } from '@/components/ui/dialog.tsx';
import { FormActions } from '@/components/ui/dialog-actions.tsx';
import { FormError, TextField } from '@/components/ui/field.tsx';
import { Switch } from '@/components/ui/switch.tsx';
import { mutationFeedback } from '@/lib/errors.ts';
import { useSaveScheduleMutation } from '../api/save-schedule.ts';
import {
  draftOf,
  emptyDraft,
  localTimeZone,
  toInput,
  type DraftErrors,
  type ScheduleDraft,
} from '../schedule-draft.ts';
import { StepList } from './step-list.tsx';
import { TriggerPicker } from './trigger-picker.tsx';

const OPTIONS: {
  key: 'enabled' | 'onlyWhenRunning' | 'continueOnFailure';
  label: MessageDescriptor;
}[] = [
  { key: 'enabled', label: msg`Enabled` },
  { key: 'onlyWhenRunning', label: msg`Only when the instance is running` },
  { key: 'continueOnFailure', label: msg`Continue after a failed step` },
];

/** New schedule / Edit schedule: trigger, steps, options. Saving makes you its author. */
export function ScheduleEditor({
  instanceUuid,
  schedule,
  onClose,
}: {
  instanceUuid: string;
  /** null: a new schedule. */
  schedule: Schedule | null;
  onClose: () => void;
}) {
  const [draft, setDraft] = useState<ScheduleDraft>(() =>
    schedule ? draftOf(schedule, localTimeZone()) : emptyDraft(localTimeZone()),
  );
  const [errors, setErrors] = useState<DraftErrors>({});
  const save = useSaveScheduleMutation(instanceUuid);
  const { t, i18n } = useLingui();
  const set = (patch: Partial<ScheduleDraft>) => setDraft({ ...draft, ...patch });

  const submit = () => {
    const result = toInput(draft);
    if (!result.ok) {
      setErrors(result.errors);
      return;
    }
    setErrors({});
    save.mutate({ id: schedule?.id ?? null, schedule: result.input }, { onSuccess: onClose });
  };

  return (
    <Modal
      open
      width={720}
      onOpenChange={(open) => !open && onClose()}
      busy={save.isPending}
      title={schedule ? t`Edit schedule` : t`New schedule`}
      description={t`Each step runs with the permissions of whoever saves the schedule, checked again every time it runs.`}
    >
      <form
        noValidate
        className="flex flex-col gap-5"
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <TextField
          label={t`Description`}
          optional
          placeholder={t`Nightly restart`}
          value={draft.description}
          error={errors.description}
          onChange={(event) => set({ description: event.target.value })}
        />
        <TriggerPicker
          value={draft.trigger}
          error={errors.trigger}
          onChange={(trigger) => set({ trigger })}
        />
        <StepList steps={draft.steps} errors={errors} onChange={(steps) => set({ steps })} />
        <div className="flex flex-col gap-3">
          {OPTIONS.map(({ key, label: descriptor }) => {
            const label = i18n._(descriptor);
            return (
              <label key={key} className="flex items-center justify-between gap-4 text-sm">
                {label}
                <Switch
                  label={label}
                  checked={draft[key]}
                  onCheckedChange={(value) => set({ [key]: value })}
                />
              </label>
            );
          })}
        </div>
        <FormError message={mutationFeedback(save).error} />
        <FormActions
          confirmLabel={<Trans>Save schedule</Trans>}
          pending={save.isPending}
          onCancel={onClose}
        />
      </form>
    </Modal>
  );
}
