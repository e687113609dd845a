import { useLingui } from '@lingui/react/macro';
import { PageSpinner } from '@/components/ui/spinner.tsx';
import { viewerCan } from '@/lib/permissions.ts';
import { useCurrentUser } from '@/features/auth/api/get-user-info.ts';
import { MacrosScreen } from '@/features/macros/components/macros-screen.tsx';
import type { InstanceTabProps } from './instance-tabs.tsx';
import { useViewer } from '../use-viewer.ts';

/**
 * The Macros tab, gated by can_access_instance_macro (dashboard.md §6; admin does not imply it).
 * The refusal is the core's sentence for AccessMacro (protocol permissionDenialText), worded here
 * in the active language: safe mode never withholds macros, so it has no safe-mode note.
 */
export function InstanceMacrosTab({ instance }: InstanceTabProps) {
  const { t } = useLingui();
  const user = useCurrentUser();
  const viewer = useViewer();
  if (user.isPending || !viewer) return <PageSpinner />;
  const action = { type: 'AccessMacro', instance: instance.uuid } as const;
  return (
    <MacrosScreen
      instance={instance}
      canAccess={viewerCan(viewer, action)}
      denial={t`You don't have permission to access this instance's macros`}
    />
  );
}
