import { permissionDenialText, principalOf } from '@hearth/protocol';
import { PageSpinner } from '@/components/ui/spinner.tsx';
import { viewerCan } from '@/lib/permissions.ts';
import { useCurrentUser } from '@/features/auth/api/get-user-info.ts';
import { MacrosScreen } from '@/features/macros/components/macros-screen.tsx';
import type { InstanceTabProps } from './instance-tabs.tsx';
import { useViewer } from '../use-viewer.ts';

/** The Macros tab, gated by can_access_instance_macro (dashboard.md §6; admin does not imply it). */
export function InstanceMacrosTab({ instance }: InstanceTabProps) {
  const user = useCurrentUser();
  const viewer = useViewer();
  if (user.isPending || !viewer) return <PageSpinner />;
  const action = { type: 'AccessMacro', instance: instance.uuid } as const;
  return (
    <MacrosScreen
      instance={instance}
      canAccess={viewerCan(viewer, action)}
      denial={permissionDenialText(principalOf(viewer.user), action, viewer.safeMode)}
    />
  );
}
