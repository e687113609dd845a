import { Trans } from '@lingui/react/macro';
import { PageSpinner } from '@/components/ui/spinner.tsx';
import { useCurrentCore } from '@/lib/session.ts';
import { useCurrentUser } from '@/features/auth/api/get-user-info.ts';
import { EventLogScreen } from '@/features/event-logs/components/event-log-screen.tsx';
import { useInstances } from '@/features/instances/api/get-instances.ts';
import { useLogPeople } from '../use-log-people.ts';

/** /settings/events — the owner's view of the whole core's event log, every instance at once. */
export function SettingsEventLogsRoute() {
  const core = useCurrentCore();
  const me = useCurrentUser();
  const instances = useInstances();
  const people = useLogPeople(me.data);
  if (!core || me.isPending) return <PageSpinner />;
  if (!me.data?.is_owner)
    return (
      <p className="p-8 text-sm text-muted">
        <Trans>Only the owner can see the whole core’s event log.</Trans>
      </p>
    );
  return (
    <div className="flex h-full min-h-0 flex-col">
      <h1 className="px-4 pt-6 text-2xl font-semibold tracking-tight text-fg lg:px-6">
        <Trans>Event Logs</Trans>
      </h1>
      <EventLogScreen
        core={core}
        instance={null}
        instances={instances.data ?? []}
        people={people}
      />
    </div>
  );
}
