import { useState } from 'react';
import type { KeyboardEvent } from 'react';
import { WIZARD_WIDTH } from '@hearth/protocol';
import { Button } from '@/components/ui/button.tsx';
import { Modal } from '@/components/ui/dialog.tsx';
import { FormError } from '@/components/ui/field.tsx';
import { cn } from '@/lib/cn.ts';
import { toUserMessage } from '@/lib/errors.ts';
import { notify } from '@/lib/toast.ts';
import { useCreateInstanceMutation } from '../api/create-instance.ts';
import type { CreateRequest } from '../api/create-instance.ts';
import { buildSetupValue } from '../setup-form.ts';
import { useOpenCreatedInstance } from '../use-open-created-instance.ts';
import type { CreationTracker } from '../use-open-created-instance.ts';
import { LAST_STEP, WIZARD_STEPS, useWizard } from './use-wizard.ts';
import type { Wizard } from './use-wizard.ts';
import { WizardSelectGame } from './wizard-select-game.tsx';
import { WizardAutoStep, WizardBasicStep, WizardManifestStep } from './wizard-steps.tsx';

function StepList({ step }: { step: number }) {
  return (
    <ol aria-label="Steps" className="flex gap-2">
      {WIZARD_STEPS.map((name, index) => (
        <li
          key={name}
          aria-current={index === step ? 'step' : undefined}
          className={cn(
            'flex flex-1 flex-col gap-1.5 text-xs font-medium',
            index === step ? 'text-fg' : index < step ? 'text-muted' : 'text-faint',
          )}
        >
          <span className={cn('h-1 rounded-full', index <= step ? 'bg-accent' : 'bg-line')} />
          {index + 1}. {name}
        </li>
      ))}
    </ol>
  );
}

function requestOf(wizard: Wizard): CreateRequest | null {
  const { choice, manifest } = wizard;
  if (!choice || !manifest) return null;
  const setup = buildSetupValue(manifest, wizard.basic, wizard.manifestValues, wizard.auto);
  if (choice.kind === 'game') return { kind: 'game', game: choice.game, setup };
  if (choice.kind === 'definition') return { kind: 'generic', url: choice.url, setup };
  if (!wizard.genericReady || !wizard.generic.loadedUrl) return null;
  return { kind: 'generic', url: wizard.generic.loadedUrl, setup };
}

function WizardBody({ onDone, tracker }: { onDone: () => void; tracker?: CreationTracker }) {
  const wizard = useWizard();
  const create = useCreateInstanceMutation();
  const [failure, setFailure] = useState<string | null>(null);
  const { step } = wizard;
  const request = step === LAST_STEP ? requestOf(wizard) : null;

  const submit = async () => {
    if (!request) return;
    setFailure(null);
    tracker?.begin();
    try {
      const uuid = await create.mutateAsync(request);
      tracker?.watch({ uuid, name: request.setup.name });
      onDone();
    } catch (err) {
      const text = `Error creating instance: ${toUserMessage(err)}`;
      setFailure(text);
      notify('error', text);
    }
  };

  // Enter in a field moves on (or creates on the last step); the URL field has its own Load form.
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const target = event.target;
    if (event.key !== 'Enter' || !(target instanceof HTMLInputElement) || target.closest('form'))
      return;
    event.preventDefault();
    if (step < LAST_STEP) wizard.next();
    else void submit();
  };

  return (
    <div className="flex flex-col gap-5" onKeyDown={onKeyDown}>
      <StepList step={step} />
      <h3 className="text-base font-semibold">{WIZARD_STEPS[step]}</h3>
      <div className="max-h-[55vh] min-h-48 overflow-y-auto pr-1">
        {step === 0 ? <WizardSelectGame wizard={wizard} /> : null}
        {step === 1 ? <WizardBasicStep wizard={wizard} /> : null}
        {step === 2 ? <WizardManifestStep wizard={wizard} /> : null}
        {step === 3 ? <WizardAutoStep wizard={wizard} /> : null}
      </div>
      <FormError message={failure} />
      <div className="flex justify-between gap-2 border-t border-line pt-4">
        <Button onClick={wizard.back} disabled={step === 0}>
          Back
        </Button>
        {step < LAST_STEP ? (
          <Button
            variant="primary"
            onClick={() => wizard.next()}
            disabled={step === 2 && !wizard.manifest}
          >
            Next
          </Button>
        ) : (
          <Button
            variant="primary"
            onClick={() => void submit()}
            disabled={!request}
            loading={create.isPending}
          >
            Create Instance
          </Button>
        )}
      </div>
    </div>
  );
}

/**
 * The create-instance wizard (dashboard.md §2), 812 px wide; a new wizard starts from scratch. It
 * closes with its × button or Escape; `tracker` follows what it created.
 */
export function CreateInstanceWizard({
  open,
  onOpenChange,
  tracker,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  tracker?: CreationTracker;
}) {
  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      title="Create a new instance"
      width={WIZARD_WIDTH}
      closable
      // Focus starts on the games (their Tab stop: the chosen one, else the first), not on the ×
      // button; while they load, on the dialog itself, and the games take it when they come.
      onOpenAutoFocus={(event) => {
        event.preventDefault();
        const dialog = event.currentTarget as HTMLElement | null;
        const games = dialog?.querySelector<HTMLElement>('[role="radio"][tabindex="0"]');
        (games ?? dialog)?.focus();
      }}
    >
      {open ? (
        <WizardBody onDone={() => onOpenChange(false)} {...(tracker ? { tracker } : {})} />
      ) : null}
    </Modal>
  );
}

/**
 * The wizard as the home and the instance dashboard use it (lazy-wizard.tsx): what it creates opens
 * (`onCreated`) once the install has ended, even if the wizard was closed meanwhile. It stays
 * mounted from the first opening on.
 */
export function CreateInstanceWizardOpening({
  open,
  onOpenChange,
  onCreated,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onCreated: (uuid: string) => void;
}) {
  const tracker = useOpenCreatedInstance(onCreated);
  return <CreateInstanceWizard open={open} onOpenChange={onOpenChange} tracker={tracker} />;
}
