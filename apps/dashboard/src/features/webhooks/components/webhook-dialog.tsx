import { useState } from 'react';
import { WEBHOOK_EVENTS } from '@hearth/protocol';
import type { InstanceInfo, WebhookKind, WebhookSaved, WebhookTarget } from '@hearth/protocol';
import type { I18n } from '@lingui/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { Checkbox } from '@/components/ui/checkbox.tsx';
import { Modal } from '@/components/ui/dialog.tsx';
import { FormError, SelectField, TextField } from '@/components/ui/field.tsx';
import { MultiSelect } from '@/components/ui/multi-select.tsx';
import { Switch } from '@/components/ui/switch.tsx';
import { mutationFeedback } from '@/lib/errors.ts';
import type { CoreConnection } from '@/lib/session.ts';
import { useSaveWebhookMutation } from '../api/save-webhook.ts';
import {
  EVENT_LABELS,
  KIND_LABELS,
  createBody,
  formValuesOf,
  updateBody,
  validateWebhookForm,
  type WebhookFormErrors,
} from '../webhook-form.ts';
import { DialogActions } from '@/components/ui/dialog-actions.tsx';

const kindOptions = (i18n: I18n) =>
  (Object.keys(KIND_LABELS) as WebhookKind[]).map((k) => ({
    value: k,
    label: i18n._(KIND_LABELS[k]),
  }));

export interface WebhookDialogProps {
  core: CoreConnection;
  /** The target to edit; null adds one. */
  target: WebhookTarget | null;
  instances: readonly InstanceInfo[];
  onClose: () => void;
  onSaved: (saved: WebhookSaved) => void;
}

/** Add or edit a webhook target. The stored URL is never shown; typing one replaces it. */
export function WebhookDialog({ core, target, instances, onClose, onSaved }: WebhookDialogProps) {
  const { t, i18n } = useLingui();
  const creating = target === null;
  const [values, setValues] = useState(() => formValuesOf(target));
  const [errors, setErrors] = useState<WebhookFormErrors>({});
  const save = useSaveWebhookMutation();
  const set = (patch: Partial<typeof values>) => setValues((v) => ({ ...v, ...patch }));

  const submit = () => {
    const found = validateWebhookForm(values, creating);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    save.mutate(
      creating
        ? { core, id: null, body: createBody(values) }
        : { core, id: target.id, body: updateBody(values) },
      { onSuccess: onSaved },
    );
  };

  const targetName = target?.name ?? '';
  return (
    <Modal
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={creating ? t`Add webhook` : t`Edit "${targetName}"`}
      width={520}
      actions={
        <DialogActions
          confirmLabel={creating ? t`Add webhook` : t`Save`}
          pending={save.isPending}
          onCancel={onClose}
          onConfirm={submit}
        />
      }
    >
      <form
        className="flex flex-col gap-4"
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <TextField
          label={t`Name`}
          value={values.name}
          onChange={(e) => set({ name: e.target.value })}
          error={errors.name}
        />
        <SelectField
          label={t`Type`}
          options={kindOptions(i18n)}
          value={values.kind}
          onChange={(e) => set({ kind: e.target.value as WebhookKind })}
          hint={
            values.kind === 'json'
              ? t`Bodies are signed with HMAC-SHA256; the secret is shown once after saving.`
              : undefined
          }
        />
        <TextField
          label={t`URL`}
          type="url"
          autoComplete="off"
          value={values.url}
          placeholder={creating ? 'https://discord.com/api/webhooks/…' : target.url}
          onChange={(e) => set({ url: e.target.value })}
          error={errors.url}
          hint={
            creating ? undefined : t`Leave empty to keep the saved URL (it is never shown again).`
          }
        />
        <fieldset className="flex flex-col gap-2">
          <legend className="mb-1 text-[13px] font-medium text-muted">
            <Trans>Events</Trans>
          </legend>
          {WEBHOOK_EVENTS.map((event) => (
            <label key={event} className="flex items-center gap-2.5 text-sm text-fg">
              <Checkbox
                label={i18n._(EVENT_LABELS[event])}
                checked={values.events.includes(event)}
                onCheckedChange={(on) =>
                  set({
                    events: on
                      ? [...values.events, event]
                      : values.events.filter((e) => e !== event),
                  })
                }
              />
              {i18n._(EVENT_LABELS[event])}
            </label>
          ))}
          {errors.events ? <p className="text-[13px] text-danger">{errors.events}</p> : null}
        </fieldset>
        <div className="flex flex-col gap-1.5">
          <span className="text-[13px] font-medium text-muted">
            <Trans>Instances</Trans>
          </span>
          <MultiSelect
            label={t`Instances`}
            placeholder={t`All instances`}
            options={instances.map((i) => ({ value: i.uuid, label: i.name }))}
            selected={values.instances}
            onChange={(next) => set({ instances: next })}
          />
        </div>
        <label className="flex items-center justify-between gap-3 text-sm text-fg">
          <Trans>Enabled</Trans>
          <Switch
            label={t`Enabled`}
            checked={values.enabled}
            onCheckedChange={(on) => set({ enabled: on })}
          />
        </label>
        <FormError message={mutationFeedback(save).error} />
        <button type="submit" hidden />
      </form>
    </Modal>
  );
}
