import { useState } from 'react';
import { KeyRound, Plus } from 'lucide-react';
import { formatRelativeTime } from '@hearth/protocol';
import type { ApiKey, PublicUser } from '@hearth/protocol';
import { SettingsSection } from '@/components/layout/settings-section.tsx';
import { Button } from '@/components/ui/button.tsx';
import { ConfirmDialog } from '@/components/ui/confirm-dialog.tsx';
import { FormError } from '@/components/ui/field.tsx';
import { toUserMessage } from '@/lib/errors.ts';
import type { CoreConnection } from '@/lib/session.ts';
import { notify } from '@/lib/toast.ts';
import { useApiKeys } from '../api/get-api-keys.ts';
import { useRevokeApiKeyMutation } from '../api/revoke-api-key.ts';
import { describeScope } from '../key-scope.ts';
import { formatDay, isNotOffered } from '../not-offered.ts';
import { CreateApiKeyDialog, type InstanceChoice } from './create-api-key-dialog.tsx';

function expiryText(key: ApiKey, now: number): string {
  if (key.expires_at === null) return 'Never expires';
  return key.expires_at <= now ? 'Expired' : `Expires ${formatDay(key.expires_at)}`;
}

function lastUseText(key: ApiKey, now: number): string {
  if (key.last_used_at === null) return 'Never used';
  const from = key.last_used_address ? ` from ${key.last_used_address}` : '';
  return `Last used ${formatRelativeTime(key.last_used_at, now)}${from}`;
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
  const keys = useApiKeys(core, me.uid);
  const revoke = useRevokeApiKeyMutation();
  const [creating, setCreating] = useState(false);
  const [revoking, setRevoking] = useState<ApiKey | null>(null);
  if (keys.isError && isNotOffered(keys.error)) return null;
  const now = Date.now();

  return (
    <SettingsSection
      title="API keys"
      description="Keys let scripts use this core as you, with at most your permissions. Send one as Authorization: Bearer <key>."
    >
      {keys.isError ? (
        <div className="px-5 py-3">
          <FormError message={toUserMessage(keys.error)} />
        </div>
      ) : null}
      {keys.data && keys.data.length > 0 ? (
        <ul aria-label="API keys" className="flex flex-col divide-y divide-line">
          {keys.data.map((key) => (
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
                aria-label={`Revoke ${key.name}`}
                onClick={() => setRevoking(key)}
              >
                Revoke
              </Button>
            </li>
          ))}
        </ul>
      ) : keys.data ? (
        <p className="px-5 py-4 text-sm text-muted">No API keys yet.</p>
      ) : null}
      <div className="px-5 py-3">
        <Button disabled={!keys.data} onClick={() => setCreating(true)}>
          <Plus aria-hidden className="size-4" />
          Create API Key
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
          title="Revoke API key"
          description={`Scripts using ${revoking.name} are refused from now on.`}
          confirmLabel="Revoke"
          pending={revoke.isPending}
          error={revoke.isError ? toUserMessage(revoke.error) : null}
          onClose={() => {
            revoke.reset();
            setRevoking(null);
          }}
          onConfirm={() =>
            revoke.mutate(
              { core, uid: me.uid, id: revoking.id },
              {
                onSuccess: () => {
                  notify('success', `API key ${revoking.name} revoked`);
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
