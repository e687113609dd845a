import { useMemo, useState } from 'react';
import type { FormEvent } from 'react';
import type { MessageDescriptor } from '@lingui/core';
import { msg, t as tGlobal } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { API_KEY_NAME_MAX, apiKeyNameProblem } from '@hearth/protocol';
import type { ApiKeyCreated, ApiKeyNameProblem, PublicUser } from '@hearth/protocol';
import { Button } from '@/components/ui/button.tsx';
import { CopyText } from '@/components/ui/copy-text.tsx';
import { Modal } from '@/components/ui/dialog.tsx';
import { FormActions } from '@/components/ui/dialog-actions.tsx';
import { FormError, SelectField, TextField } from '@/components/ui/field.tsx';
import { RadioCard, RadioCardGroup } from '@/components/ui/radio-cards.tsx';
import { mutationFeedback } from '@/lib/errors.ts';
import type { CoreConnection } from '@/lib/session.ts';
import { useCreateApiKeyMutation } from '../api/create-api-key.ts';
import {
  EXPIRY_CHOICES,
  customScope,
  expiryFrom,
  fullScope,
  heldRights,
  readOnlyScope,
  type ScopePreset,
} from '../key-scope.ts';
import { CustomScopeFields, emptyChoice, type ScopeChoice } from './custom-scope-fields.tsx';

export interface InstanceChoice {
  uuid: string;
  name: string;
}

const PRESETS: readonly {
  value: ScopePreset;
  title: MessageDescriptor;
  text: MessageDescriptor;
}[] = [
  {
    value: 'all',
    title: msg`Everything I can do`,
    text: msg`Follows your permissions as they change.`,
  },
  {
    value: 'read',
    title: msg`Read only`,
    text: msg`See instances and read their files, nothing more.`,
  },
  { value: 'custom', title: msg`Choose`, text: msg`Pick the permissions this key gets.` },
];

/** The protocol's key-name rule (the core's own) in the reader's language. */
function nameProblemMessage(problem: ApiKeyNameProblem): string {
  const max = API_KEY_NAME_MAX;
  switch (problem) {
    case 'empty':
      return tGlobal`Name is required`;
    case 'too_long':
      return tGlobal`Name cannot be longer than ${max} characters`;
    case 'control_character':
      return tGlobal`Name cannot contain control characters`;
  }
}

function CreatedKey({ created, onClose }: { created: ApiKeyCreated; onClose: () => void }) {
  return (
    <div className="flex flex-col gap-4">
      <p className="text-sm text-muted">
        <Trans>
          Copy the key now: it is not shown again. Send it as Authorization: Bearer &lt;key&gt;.
        </Trans>
      </p>
      <div className="rounded-lg border border-line bg-bg p-3">
        <CopyText text={created.secret} className="max-w-full text-sm text-fg" />
      </div>
      <div className="flex justify-end">
        <Button variant="primary" onClick={onClose}>
          <Trans>Done</Trans>
        </Button>
      </div>
    </div>
  );
}

/** Create API Key: a name, an expiry and what it may do (never more than you). */
export function CreateApiKeyDialog({
  core,
  me,
  instances,
  onClose,
}: {
  core: CoreConnection;
  me: PublicUser;
  instances: readonly InstanceChoice[];
  onClose: () => void;
}) {
  const { t, i18n } = useLingui();
  const create = useCreateApiKeyMutation();
  const held = useMemo(
    () =>
      heldRights(
        me,
        instances.map((i) => i.uuid),
      ),
    [me, instances],
  );
  const [name, setName] = useState('');
  const [expiry, setExpiry] = useState('90');
  const [preset, setPreset] = useState<ScopePreset>('all');
  const [choice, setChoice] = useState<ScopeChoice>(emptyChoice);
  const [nameError, setNameError] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problem = apiKeyNameProblem(name);
    setNameError(problem === null ? null : nameProblemMessage(problem));
    if (problem) return;
    const scope =
      preset === 'all'
        ? fullScope(me)
        : preset === 'read'
          ? readOnlyScope(held)
          : customScope(held, choice);
    create.mutate({
      core,
      uid: me.uid,
      request: { name: name.trim(), expires_at: expiryFrom(expiry, Date.now()), scope },
    });
  };

  return (
    <Modal
      open
      onOpenChange={(open) => !open && onClose()}
      busy={create.isPending}
      title={create.data ? t`Your new API key` : t`Create API Key`}
      width={520}
    >
      {create.data ? (
        <CreatedKey created={create.data} onClose={onClose} />
      ) : (
        <form noValidate onSubmit={submit} className="flex flex-col gap-4">
          <TextField
            label={t`Name`}
            hint={t`What uses it, e.g. backup script.`}
            value={name}
            error={nameError ?? undefined}
            onChange={(event) => setName(event.target.value)}
            autoFocus
          />
          <SelectField
            label={t`Expires`}
            options={EXPIRY_CHOICES.map((c) => ({ value: c.value, label: i18n._(c.label) }))}
            value={expiry}
            onChange={(event) => setExpiry(event.target.value)}
          />
          <RadioCardGroup
            label={t`What it may do`}
            value={preset}
            onValueChange={(value) => setPreset(value as ScopePreset)}
            className="flex flex-col gap-2"
          >
            {PRESETS.map((p) => (
              <RadioCard key={p.value} value={p.value}>
                <span className="flex min-w-0 flex-1 flex-col">
                  <span className="text-sm font-medium text-fg">{i18n._(p.title)}</span>
                  <span className="text-xs text-muted">{i18n._(p.text)}</span>
                </span>
              </RadioCard>
            ))}
          </RadioCardGroup>
          {preset === 'custom' ? (
            <CustomScopeFields
              held={held}
              instances={instances}
              choice={choice}
              onChange={setChoice}
            />
          ) : null}
          <FormError message={mutationFeedback(create).error} />
          <FormActions
            confirmLabel={<Trans>Create Key</Trans>}
            pending={create.isPending}
            onCancel={onClose}
          />
        </form>
      )}
    </Modal>
  );
}
