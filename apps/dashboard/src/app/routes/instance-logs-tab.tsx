import { PageSpinner } from '@/components/ui/spinner.tsx';
import { useCurrentCore } from '@/lib/session.ts';
import { useCurrentUser } from '@/features/auth/api/get-user-info.ts';
import { EventLogScreen } from '@/features/event-logs/components/event-log-screen.tsx';
import { useInstances } from '@/features/instances/api/get-instances.ts';
import type { InstanceTabProps } from './instance-tabs.tsx';
import { useLogPeople } from '../use-log-people.ts';

/** The Event Logs tab: this instance's event log (the core shows each viewer what they may see). */
export function InstanceLogsTab({ instance }: InstanceTabProps) {
  const core = useCurrentCore();
  const me = useCurrentUser();
  const instances = useInstances();
  const people = useLogPeople(me.data);
  if (!core || me.isPending) return <PageSpinner />;
  return (
    <EventLogScreen
      key={instance.uuid}
      core={core}
      instance={instance}
      instances={instances.data ?? [instance]}
      people={people}
    />
  );
}
