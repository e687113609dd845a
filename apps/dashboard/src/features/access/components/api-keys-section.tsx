import { useState } from 'react';
import { KeyRound, Plus } from 'lucide-react';
import { t as tGlobal } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import type { ApiKey, PublicUser } from '@hearth/protocol';
import { SettingsSection } from '@/components/layout/settings-section.tsx';
import { Button } from '@/components/ui/button.tsx';
import { ConfirmDialog } from '@/components/ui/confirm-dialog.tsx';
import { FormError } from '@/components/ui/field.tsx';
import { mutationFeedback, toUserMessage } from '@/lib/errors.ts';
import { formatRelativeTime } from '@/lib/i18n/format.ts';
import type { CoreConnection } from '@/lib/session.ts';
import { notify } from '@/lib/toast.ts';
import { useApiKeys } from '../api/get-api-keys.ts';
import { useRevokeApiKeyMutation } from '../api/revoke-api-key.ts';
import { describeScope } from '../key-scope.ts';
import { formatDay, isNotOffered } from '../not-offered.ts';
import { CreateApiKeyDialog, type InstanceChoice } from './create-api-key-dialog.tsx';

function expiryText(key: ApiKey, now: number): string {
  if (key.expires_at === null) return tGlobal`Never expires`;
  if (key.expires_at <= now) return tGlobal`Expired`;
  const day = formatDay(key.expires_at);
  return tGlobal`Expires ${day}`;
}

function lastUseText(key: ApiKey, now: number): string {
  if (key.last_used_at === null) return tGlobal`Never used`;
  const when = formatRelativeTime(key.last_used_at, now);
  const address = key.last_used_address;
  return address ? tGlobal`Last used ${when} from ${address}` : tGlobal`Last used ${when}`;
}

/** Profile: your API keys — for scripts, `Authorization: Bearer <key>`; made here, shown once. */
export function ApiKeysSection({
  core,
  me,
  instances,
}: {
  core: CoreConnection;
  me: PublicUser;
  /** The instances you can see (what a key's scope may name). */
  instances: readonly InstanceChoice[];
}) {
  const { t } = useLingui();
  const keys = useApiKeys(core, me.uid);
  const revoke = useRevokeApiKeyMutation();
  const [creating, setCreating] = useState(false);
  const [revoking, setRevoking] = useState<ApiKey | null>(null);
  if (keys.isError && isNotOffered(keys.error)) return null;
  const now = Date.now();
  const revokingName = revoking?.name ?? '';

  return (
    <SettingsSection
      title={t`API keys`}
      description={t`Keys let scripts use this core as you, with at most your permissions. Send one as Authorization: Bearer <key>.`}
    >
      {keys.isError ? (
        <div className="px-5 py-3">
          <FormError message={toUserMessage(keys.error)} />
        </div>
      ) : null}
      {keys.data && keys.data.length > 0 ? (
        <ul aria-label={t`API keys`} className="flex flex-col divide-y divide-line">
          {keys.data.map((key) => {
            const name = key.name;
            return (
              <li key={key.id} className="flex flex-wrap items-center gap-x-4 gap-y-2 px-5 py-3">
                <KeyRound aria-hidden className="size-4 shrink-0 text-muted" />
                <div className="flex min-w-0 flex-1 basis-56 flex-col gap-0.5">
                  <span className="text-sm font-medium text-fg">{key.name}</span>
                  <span className="font-mono text-xs text-faint">{key.prefix}…</span>
                  <span className="text-xs text-muted">{describeScope(key.scope)}</span>
                  <span className="text-xs text-faint">
                    {expiryText(key, now)} · {lastUseText(key, now)}
                  </span>
                </div>
                <Button
                  size="sm"
                  variant="danger"
                  aria-label={t`Revoke ${name}`}
                  onClick={() => setRevoking(key)}
                >
                  <Trans>Revoke</Trans>
                </Button>
              </li>
            );
          })}
        </ul>
      ) : keys.data ? (
        <p className="px-5 py-4 text-sm text-muted">
          <Trans>No API keys yet.</Trans>
        </p>
      ) : null}
      <div className="px-5 py-3">
        <Button disabled={!keys.data} onClick={() => setCreating(true)}>
          <Plus aria-hidden className="size-4" />
          <Trans>Create API Key</Trans>
        </Button>
      </div>
      {creating ? (
        <CreateApiKeyDialog
          core={core}
          me={me}
          instances={instances}
          onClose={() => setCreating(false)}
        />
      ) : null}
      {revoking ? (
        <ConfirmDialog
          title={t`Revoke API key`}
          description={t`Scripts using ${revokingName} are refused from now on.`}
          confirmLabel={t`Revoke`}
          {...mutationFeedback(revoke)}
          onClose={() => {
            revoke.reset();
            setRevoking(null);
          }}
          onConfirm={() =>
            revoke.mutate(
              { core, uid: me.uid, id: revoking.id },
              {
                onSuccess: () => {
                  notify('success', t`API key ${revokingName} revoked`);
                  setRevoking(null);
                },
              },
            )
          }
        />
      ) : null}
    </SettingsSection>
  );
}
