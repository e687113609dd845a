import { Suspense, lazy, useState } from 'react';
import type { KeyboardEvent } from 'react';
import { t as tGlobal } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { WIZARD_WIDTH } from '@hearth/protocol';
import { Button } from '@/components/ui/button.tsx';
import { Modal } from '@/components/ui/dialog.tsx';
import type { DialogOpenProps } from '@/components/ui/dialog.tsx';
import { FormError } from '@/components/ui/field.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import { cn } from '@/lib/cn.ts';
import { toUserMessage } from '@/lib/errors.ts';
import { notify } from '@/lib/toast.ts';
import { useCreateInstanceMutation } from '../api/create-instance.ts';
import { useCoreExtensions } from '../api/get-shipped-definitions.ts';
import type { CreateRequest } from '../api/create-instance.ts';
import type { ImportAccess } from '../import-access.ts';
import { buildSetupValue } from '../setup-form.ts';
import { useOpenCreatedInstance } from '../use-open-created-instance.ts';
import type { CreationTracker } from '../use-open-created-instance.ts';
import { LAST_STEP, WIZARD_STEPS, useWizard } from './use-wizard.ts';
import type { Wizard } from './use-wizard.ts';
import { WizardSelectGame } from './wizard-select-game.tsx';
import { WizardAutoStep, WizardBasicStep, WizardManifestStep } from './wizard-steps.tsx';

// Only those who press "Import an existing server" load its screens.
const ImportServer = lazy(async () => ({
  default: (await import('./import-server.tsx')).ImportServer,
}));

function StepList({ step }: { step: number }) {
  const { t, i18n } = useLingui();
  return (
    <ol aria-label={t`Steps`} className="flex gap-2">
      {WIZARD_STEPS.map((name, index) => (
        <li
          key={name.id}
          aria-current={index === step ? 'step' : undefined}
          className={cn(
            'flex flex-1 flex-col gap-1.5 text-xs font-medium',
            index === step ? 'text-fg' : index < step ? 'text-muted' : 'text-faint',
          )}
        >
          <span className={cn('h-1 rounded-full', index <= step ? 'bg-accent' : 'bg-line')} />
          {index + 1}. {i18n._(name)}
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

function WizardBody({
  onDone,
  tracker,
  imports,
}: {
  onDone: () => void;
  tracker?: CreationTracker;
  imports: ImportAccess;
}) {
  const [importing, setImporting] = useState(false);
  // Importing is Hearth's: a Lodestone core has no /import routes.
  const hearth = useCoreExtensions().data?.hearth ?? false;
  if (importing)
    return (
      <div className="flex flex-col gap-5">
        <h3 className="text-base font-semibold">
          <Trans>Import an existing server</Trans>
        </h3>
        <Suspense fallback={<Spinner />}>
          <ImportServer
            hostFolder={imports.hostFolder}
            onBack={() => setImporting(false)}
            onDone={onDone}
            tracker={tracker}
          />
        </Suspense>
      </div>
    );
  return (
    <CreateSteps
      onDone={onDone}
      {...(tracker ? { tracker } : {})}
      onImport={imports.allowed && hearth ? () => setImporting(true) : null}
    />
  );
}

function CreateSteps({
  onDone,
  tracker,
  onImport,
}: {
  onDone: () => void;
  tracker?: CreationTracker;
  /** Null: this user may not import (or the core is not Hearth). */
  onImport: (() => void) | null;
}) {
  const { i18n } = useLingui();
  const wizard = useWizard();
  const create = useCreateInstanceMutation();
  const [failure, setFailure] = useState<string | null>(null);
  const { step } = wizard;
  const request = step === LAST_STEP ? requestOf(wizard) : null;
  const stepTitle = WIZARD_STEPS[step];

  const submit = async () => {
    if (!request) return;
    setFailure(null);
    tracker?.begin();
    try {
      const uuid = await create.mutateAsync(request);
      tracker?.watch({ uuid, name: request.setup.name });
      onDone();
    } catch (err) {
      const cause = toUserMessage(err);
      const text = tGlobal`Error creating instance: ${cause}`;
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
      <h3 className="text-base font-semibold">{stepTitle ? i18n._(stepTitle) : null}</h3>
      <div className="max-h-[55vh] min-h-48 overflow-y-auto pr-1">
        {step === 0 ? <WizardSelectGame wizard={wizard} /> : null}
        {step === 0 && onImport ? (
          <div className="mt-4 flex flex-wrap items-center justify-between gap-3 rounded-lg border border-dashed border-line p-4">
            <span className="text-sm text-muted">
              <Trans>Already have a server folder, or a backup of one?</Trans>
            </span>
            <Button onClick={onImport}>
              <Trans>Import an existing server</Trans>
            </Button>
          </div>
        ) : null}
        {step === 1 ? <WizardBasicStep wizard={wizard} /> : null}
        {step === 2 ? <WizardManifestStep wizard={wizard} /> : null}
        {step === 3 ? <WizardAutoStep wizard={wizard} /> : null}
      </div>
      <FormError message={failure} />
      <div className="flex justify-between gap-2 border-t border-line pt-4">
        <Button onClick={wizard.back} disabled={step === 0}>
          <Trans>Back</Trans>
        </Button>
        {step < LAST_STEP ? (
          <Button
            variant="primary"
            onClick={() => wizard.next()}
            disabled={step === 2 && !wizard.manifest}
          >
            <Trans>Next</Trans>
          </Button>
        ) : (
          <Button
            variant="primary"
            onClick={() => void submit()}
            disabled={!request}
            loading={create.isPending}
          >
            <Trans>Create Instance</Trans>
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
  imports = { allowed: false, hostFolder: false },
}: DialogOpenProps & {
  tracker?: CreationTracker;
  /** Who may import a server (Hearth, issue 27): a third way beside the games. */
  imports?: ImportAccess;
}) {
  const { t } = useLingui();
  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      title={t`Create a new instance`}
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
        <WizardBody
          onDone={() => onOpenChange(false)}
          imports={imports}
          {...(tracker ? { tracker } : {})}
        />
      ) : null}
    </Modal>
  );
}

export interface WizardOpeningProps extends DialogOpenProps {
  /** The instance it created, once its install has ended. */
  onCreated: (uuid: string) => void;
  imports?: ImportAccess;
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
  imports,
}: WizardOpeningProps) {
  const tracker = useOpenCreatedInstance(onCreated);
  return (
    <CreateInstanceWizard
      open={open}
      onOpenChange={onOpenChange}
      tracker={tracker}
      {...(imports ? { imports } : {})}
    />
  );
}
