import { Suspense, lazy, useState } from 'react';
import type { WizardOpeningProps } from './create-instance-wizard.tsx';

const Wizard = lazy(async () => ({
  default: (await import('./create-instance-wizard.tsx')).CreateInstanceWizardOpening,
}));

/**
 * The wizard in its own chunk (with what follows an instance it created), loaded the first time
 * it opens. It stays mounted while closed so that the instance it created opens (`onCreated`)
 * once the install has ended.
 */
export function CreateInstanceWizardLazy({
  open,
  onOpenChange,
  onCreated,
  imports,
}: WizardOpeningProps) {
  const [wanted, setWanted] = useState(open);
  if (open && !wanted) setWanted(true);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <Wizard
        open={open}
        onOpenChange={onOpenChange}
        onCreated={onCreated}
        {...(imports ? { imports } : {})}
      />
    </Suspense>
  );
}
