import { useState } from 'react';
import { WEBHOOK_EVENTS } from '@hearth/protocol';
import type { InstanceInfo, WebhookKind, WebhookSaved, WebhookTarget } from '@hearth/protocol';
import { Checkbox } from '@/components/ui/checkbox.tsx';
import { Modal } from '@/components/ui/dialog.tsx';
import { FormError, SelectField, TextField } from '@/components/ui/field.tsx';
import { MultiSelect } from '@/components/ui/multi-select.tsx';
import { Switch } from '@/components/ui/switch.tsx';
import { toUserMessage } from '@/lib/errors.ts';
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

const KINDS = (Object.keys(KIND_LABELS) as WebhookKind[]).map((k) => ({
  value: k,
  label: KIND_LABELS[k],
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

  return (
    <Modal
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={creating ? 'Add webhook' : `Edit "${target.name}"`}
      width={520}
      actions={
        <DialogActions
          confirmLabel={creating ? 'Add webhook' : 'Save'}
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
          label="Name"
          value={values.name}
          onChange={(e) => set({ name: e.target.value })}
          error={errors.name}
        />
        <SelectField
          label="Type"
          options={KINDS}
          value={values.kind}
          onChange={(e) => set({ kind: e.target.value as WebhookKind })}
          hint={
            values.kind === 'json'
              ? 'Bodies are signed with HMAC-SHA256; the secret is shown once after saving.'
              : undefined
          }
        />
        <TextField
          label="URL"
          type="url"
          autoComplete="off"
          value={values.url}
          placeholder={creating ? 'https://discord.com/api/webhooks/…' : target.url}
          onChange={(e) => set({ url: e.target.value })}
          error={errors.url}
          hint={
            creating ? undefined : 'Leave empty to keep the saved URL (it is never shown again).'
          }
        />
        <fieldset className="flex flex-col gap-2">
          <legend className="mb-1 text-[13px] font-medium text-muted">Events</legend>
          {WEBHOOK_EVENTS.map((event) => (
            <label key={event} className="flex items-center gap-2.5 text-sm text-fg">
              <Checkbox
                label={EVENT_LABELS[event]}
                checked={values.events.includes(event)}
                onCheckedChange={(on) =>
                  set({
                    events: on
                      ? [...values.events, event]
                      : values.events.filter((e) => e !== event),
                  })
                }
              />
              {EVENT_LABELS[event]}
            </label>
          ))}
          {errors.events ? <p className="text-[13px] text-danger">{errors.events}</p> : null}
        </fieldset>
        <div className="flex flex-col gap-1.5">
          <span className="text-[13px] font-medium text-muted">Instances</span>
          <MultiSelect
            label="Instances"
            placeholder="All instances"
            options={instances.map((i) => ({ value: i.uuid, label: i.name }))}
            selected={values.instances}
            onChange={(next) => set({ instances: next })}
          />
        </div>
        <label className="flex items-center justify-between gap-3 text-sm text-fg">
          Enabled
          <Switch
            label="Enabled"
            checked={values.enabled}
            onCheckedChange={(on) => set({ enabled: on })}
          />
        </label>
        <FormError message={save.isError ? toUserMessage(save.error) : null} />
        <button type="submit" hidden />
      </form>
    </Modal>
  );
}
