import { useMemo, useState } from 'react';
import { Plus } from 'lucide-react';
import type { InstanceInfo, WebhookTarget } from '@hearth/protocol';
import { SettingsPage, SettingsSection, SwitchRow } from '@/components/layout/settings-section.tsx';
import { Trans, useLingui } from '@lingui/react/macro';
import { Button } from '@/components/ui/button.tsx';
import { Modal } from '@/components/ui/dialog.tsx';
import { toUserMessage } from '@/lib/errors.ts';
import type { CoreConnection } from '@/lib/session.ts';
import { notify } from '@/lib/toast.ts';
import { useWebhooks } from '../api/get-webhooks.ts';
import { useDeleteWebhookMutation, useSetPrivateTargetsMutation } from '../api/webhook-actions.ts';
import { SecretDialog } from './secret-dialog.tsx';
import { WebhookDialog } from './webhook-dialog.tsx';
import { WebhookRow } from './webhook-row.tsx';

/** /settings/webhooks (owner): targets, their deliveries, and whether private networks may be targets. */
export function WebhooksPanel({
  core,
  instances,
}: {
  core: CoreConnection;
  instances: readonly InstanceInfo[];
}) {
  const { t } = useLingui();
  const list = useWebhooks(core);
  const [editing, setEditing] = useState<WebhookTarget | 'new' | null>(null);
  const [deleting, setDeleting] = useState<WebhookTarget | null>(null);
  const [secret, setSecret] = useState<string | null>(null);
  const remove = useDeleteWebhookMutation();
  const setPrivate = useSetPrivateTargetsMutation();
  const names = useMemo(() => new Map(instances.map((i) => [i.uuid, i.name])), [instances]);

  const targets = list.data?.targets ?? [];
  const deletingName = deleting?.name ?? '';
  return (
    <SettingsPage
      title={t`Webhooks`}
      description={t`Tell Discord, Slack or your own service when instances change state, crash, or players come and go. Deliveries are retried in the background.`}
      actions={
        <Button variant="primary" size="sm" onClick={() => setEditing('new')}>
          <Plus aria-hidden className="size-3.5" />
          <Trans>Add webhook</Trans>
        </Button>
      }
    >
      <SettingsSection title={t`Targets`}>
        {list.isPending ? (
          <p className="px-5 py-4 text-sm text-faint">
            <Trans>Loading…</Trans>
          </p>
        ) : list.isError ? (
          <p className="px-5 py-4 text-sm text-danger">{toUserMessage(list.error)}</p>
        ) : targets.length === 0 ? (
          <p className="px-5 py-4 text-sm text-faint">
            <Trans>No webhooks yet.</Trans>
          </p>
        ) : (
          <div role="list" aria-label={t`Webhooks`} className="flex flex-col divide-y divide-line">
            {targets.map((target) => (
              <WebhookRow
                key={target.id}
                core={core}
                target={target}
                instanceNames={names}
                onEdit={setEditing}
                onDelete={setDeleting}
              />
            ))}
          </div>
        )}
      </SettingsSection>
      <SettingsSection title={t`Network`}>
        <SwitchRow
          title={t`Allow private targets`}
          description={t`Off, webhooks may not point at this machine (loopback), the local network (private and link-local addresses) or IPv6 unique-local addresses — a webhook URL must not become a way into them. Turn on only for a receiver you run on your own network.`}
          checked={list.data?.allow_private_targets ?? false}
          disabled={!list.data || setPrivate.isPending}
          onCheckedChange={(allow) =>
            setPrivate.mutate(
              { core, allow },
              { onError: (err) => notify('error', toUserMessage(err)) },
            )
          }
        />
      </SettingsSection>
      {editing ? (
        <WebhookDialog
          core={core}
          target={editing === 'new' ? null : editing}
          instances={instances}
          onClose={() => setEditing(null)}
          onSaved={(saved) => {
            setEditing(null);
            if (saved.secret) setSecret(saved.secret);
          }}
        />
      ) : null}
      <SecretDialog secret={secret} onClose={() => setSecret(null)} />
      <Modal
        open={deleting !== null}
        onOpenChange={(open) => (open ? undefined : setDeleting(null))}
        title={t`Delete "${deletingName}"`}
        description={t`This action cannot be undone. Deliveries still waiting are dropped.`}
        actions={
          <>
            <Button onClick={() => setDeleting(null)}>
              <Trans>Cancel</Trans>
            </Button>
            <Button
              variant="danger"
              onClick={() => {
                const target = deleting;
                setDeleting(null);
                if (target)
                  remove.mutate(
                    { core, id: target.id },
                    { onError: (err) => notify('error', toUserMessage(err)) },
                  );
              }}
            >
              <Trans>Delete webhook</Trans>
            </Button>
          </>
        }
      />
    </SettingsPage>
  );
}
