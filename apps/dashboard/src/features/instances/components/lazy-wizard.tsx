import { Suspense, lazy, useState } from 'react';

const Wizard = lazy(async () => ({
  default: (await import('./create-instance-wizard.tsx')).CreateInstanceWizard,
}));

/** The wizard in its own chunk, loaded the first time it opens. */
export function CreateInstanceWizardLazy({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const [wanted, setWanted] = useState(open);
  if (open && !wanted) setWanted(true);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <Wizard open={open} onOpenChange={onOpenChange} />
    </Suspense>
  );
}
