import { Suspense, lazy, useState } from 'react';
import type { ImportAccess } from '../import-access.ts';
import { useOpenCreatedInstance } from '../use-open-created-instance.ts';

const Wizard = lazy(async () => ({
  default: (await import('./create-instance-wizard.tsx')).CreateInstanceWizard,
}));

/**
 * The wizard in its own chunk, loaded the first time it opens. It stays mounted while closed so
 * that the instance it created opens (`onCreated`) once the install has ended.
 */
export function CreateInstanceWizardLazy({
  open,
  onOpenChange,
  onCreated,
  imports,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onCreated: (uuid: string) => void;
  imports?: ImportAccess;
}) {
  const [wanted, setWanted] = useState(open);
  const tracker = useOpenCreatedInstance(onCreated);
  if (open && !wanted) setWanted(true);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <Wizard
        open={open}
        onOpenChange={onOpenChange}
        tracker={tracker}
        {...(imports ? { imports } : {})}
      />
    </Suspense>
  );
}
