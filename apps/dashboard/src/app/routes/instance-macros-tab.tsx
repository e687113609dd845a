import { useLingui } from '@lingui/react/macro';
import { PageSpinner } from '@/components/ui/spinner.tsx';
import { MacrosScreen } from '@/features/macros/components/macros-screen.tsx';
import type { InstanceTabProps } from './instance-tabs.tsx';
import { useViewerCan } from '../use-viewer.ts';

/**
 * The Macros tab, gated by can_access_instance_macro (dashboard.md §6; admin does not imply it).
 * The refusal is the core's sentence for AccessMacro (protocol permissionDenialText), worded here
 * in the active language: safe mode never withholds macros, so it has no safe-mode note.
 */
export function InstanceMacrosTab({ instance }: InstanceTabProps) {
  const { t } = useLingui();
  const can = useViewerCan();
  if (!can) return <PageSpinner />;
  return (
    <MacrosScreen
      instance={instance}
      canAccess={can({ type: 'AccessMacro', instance: instance.uuid })}
      denial={t`You don't have permission to access this instance's macros`}
    />
  );
}
