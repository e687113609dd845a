import { useCallback } from 'react';
import type { DialogOpenProps } from '@/components/ui/dialog.tsx';
import { useAppNavigate } from '@/lib/url-state.ts';
import { CreateInstanceWizardLazy } from '@/features/instances/components/lazy-wizard.tsx';
import { importAccessOf } from '@/features/instances/import-access.ts';
import { useViewer } from './use-viewer.ts';

/**
 * The create wizard of home and of the instance dashboard: it offers an import to those who may
 * import, and an instance it created opens on its Overview.
 */
export function NewInstanceWizard({ open, onOpenChange }: DialogOpenProps) {
  const navigate = useAppNavigate();
  const viewer = useViewer();
  const openInstance = useCallback(
    (created: string) => void navigate('/dashboard/overview', { set: { instance: created } }),
    [navigate],
  );
  return (
    <CreateInstanceWizardLazy
      open={open}
      onOpenChange={onOpenChange}
      onCreated={openInstance}
      imports={importAccessOf(viewer)}
    />
  );
}
