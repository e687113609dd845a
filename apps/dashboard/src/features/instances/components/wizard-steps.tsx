import { t as tGlobal } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { TextField } from '@/components/ui/field.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import { Switch } from '@/components/ui/switch.tsx';
import { ApiError } from '@/lib/api-client.ts';
import { toUserMessage } from '@/lib/errors.ts';
import { AUTOMATION_FLAGS } from '../automation-flags.ts';
import { fieldKey } from '../setup-form.ts';
import { SetupField } from './setup-field.tsx';
import type { Wizard } from './use-wizard.ts';

/** Step 2: the built-in name and description. */
export function WizardBasicStep({ wizard }: { wizard: Wizard }) {
  const { t } = useLingui();
  const { basic, setBasic, errors } = wizard;
  return (
    <div className="flex flex-col gap-4">
      <TextField
        label={t`Name`}
        autoFocus
        autoComplete="off"
        value={basic.name}
        error={errors.name}
        onChange={(event) => setBasic({ ...basic, name: event.target.value })}
      />
      <TextField
        label={t`Description`}
        optional
        autoComplete="off"
        value={basic.description}
        onChange={(event) => setBasic({ ...basic, description: event.target.value })}
      />
    </div>
  );
}

/**
 * Why the settings could not be shown. A Minecraft game's manifest holds the upstream version list:
 * when the core cannot reach it (an External error: DNS, time-out, refused), that is said in words
 * first, and the core's own detail below.
 */
export function manifestProblem(
  wizard: Pick<Wizard, 'choice'>,
  err: unknown,
): { headline: string; detail: string | null } {
  if (wizard.choice?.kind === 'game' && err instanceof ApiError && err.kind === 'External')
    return {
      headline: tGlobal`Minecraft's download servers could not be reached`,
      detail: toUserMessage(err),
    };
  return { headline: toUserMessage(err), detail: null };
}

/** Step 3: every section of the setup manifest. */
export function WizardManifestStep({ wizard }: { wizard: Wizard }) {
  const { manifest, manifestQuery } = wizard;
  if (!manifest) {
    if (manifestQuery?.isError) {
      const problem = manifestProblem(wizard, manifestQuery.error);
      return (
        <div role="alert" className="flex flex-col gap-1">
          <p className="text-sm text-danger">{problem.headline}</p>
          {problem.detail ? <p className="text-xs text-faint">{problem.detail}</p> : null}
        </div>
      );
    }
    return (
      <div className="flex items-center gap-3 py-6 text-sm text-muted">
        <Spinner /> <Trans>Loading the game's settings...</Trans>
      </div>
    );
  }
  const sections = Object.values(manifest.setting_sections);
  if (sections.every((s) => Object.keys(s.settings).length === 0)) {
    return (
      <p className="text-sm text-muted">
        <Trans>This game has no settings to choose.</Trans>
      </p>
    );
  }
  return (
    <div className="flex flex-col gap-6">
      {sections.map((section) => (
        <section key={section.section_id} aria-label={section.name} className="flex flex-col gap-4">
          <header>
            <h3 className="text-sm font-semibold text-fg">{section.name}</h3>
            {section.description ? (
              <p className="text-[13px] text-faint">{section.description}</p>
            ) : null}
          </header>
          <div className="grid grid-cols-1 gap-x-5 gap-y-4 sm:grid-cols-2">
            {Object.values(section.settings).map((setting) => (
              <SetupField
                key={setting.setting_id}
                setting={setting}
                value={wizard.manifestValues[section.section_id]?.[setting.setting_id] ?? null}
                error={wizard.errors[fieldKey(section.section_id, setting.setting_id)]}
                onChange={(value) => wizard.setField(section.section_id, setting.setting_id, value)}
              />
            ))}
          </div>
        </section>
      ))}
    </div>
  );
}

/** Step 4: auto_start and restart_on_crash. */
export function WizardAutoStep({ wizard }: { wizard: Wizard }) {
  const { i18n } = useLingui();
  return (
    <div className="flex flex-col divide-y divide-line rounded-lg border border-line">
      {AUTOMATION_FLAGS.map(({ flag, name, description }) => (
        <div key={flag} className="flex items-center justify-between gap-4 px-4 py-3">
          <div>
            <p className="text-sm font-medium">{i18n._(name)}</p>
            <p className="text-[13px] text-faint">{i18n._(description)}</p>
          </div>
          <Switch
            label={i18n._(name)}
            checked={wizard.auto[flag]}
            onCheckedChange={(value) => wizard.setAuto({ ...wizard.auto, [flag]: value })}
          />
        </div>
      ))}
    </div>
  );
}
