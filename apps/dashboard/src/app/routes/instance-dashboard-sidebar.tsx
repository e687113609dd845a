import { useLocation, useSearchParams } from '@/lib/router/router.tsx';
import type { InstanceInfo } from '@hearth/protocol';
import { useAppNavigate } from '@/lib/url-state.ts';
import { InstanceList } from '@/features/instances/components/instance-list.tsx';
import type { CreationPlaceholder } from '@/features/instances/components/instance-list.tsx';
import { progressPercent } from '@/features/notifications/notification-state.ts';
import { useOngoingCreations } from '@/features/notifications/use-notifications.ts';

/**
 * The sidebar's instance list (dashboard.md §2 Main layout): the instances feature's list plus the
 * creations under way that the notifications feature tracks. Selecting an instance keeps the
 * current tab, or opens Overview.
 */
export function InstanceSidebar() {
  const navigate = useAppNavigate();
  const { pathname } = useLocation();
  const [params] = useSearchParams();
  const creations: CreationPlaceholder[] = useOngoingCreations().map((o) => ({
    id: o.event_id,
    instanceUuid: o.creationOf ?? '',
    title: o.title,
    percent: progressPercent(o),
  }));
  const select = (instance: InstanceInfo) => {
    const target = pathname.startsWith('/dashboard/') ? pathname : '/dashboard/overview';
    void navigate(target, { set: { instance: instance.uuid } });
  };
  return (
    <InstanceList selectedUuid={params.get('instance')} creations={creations} onSelect={select} />
  );
}
