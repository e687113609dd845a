import { Trans } from '@lingui/react/macro';
import { PageSpinner } from '@/components/ui/spinner.tsx';
import { useCurrentCore } from '@/lib/session.ts';
import { useCurrentUser } from '@/features/auth/api/get-user-info.ts';
import { useInstances } from '@/features/instances/api/get-instances.ts';
import { WebhooksPanel } from '@/features/webhooks/components/webhooks-panel.tsx';

/** /settings/webhooks — the owner's outbound notifications. */
export function SettingsWebhooksRoute() {
  const core = useCurrentCore();
  const me = useCurrentUser();
  const instances = useInstances();
  if (!core || me.isPending) return <PageSpinner />;
  if (!me.data?.is_owner)
    return (
      <p className="p-8 text-sm text-muted">
        <Trans>Only the owner can manage webhooks.</Trans>
      </p>
    );
  return <WebhooksPanel core={core} instances={instances.data ?? []} />;
}
