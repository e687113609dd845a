import { useState } from 'react';
import { msg, t } from '@lingui/core/macro';
import type { HandlerGameType, SetupManifest } from '@hearth/protocol';
import { toUserMessage } from '@/lib/errors.ts';
import { useSetupManifest } from '../api/get-setup-manifest.ts';
import {
  useGenericManifest,
  useLoadGenericManifestMutation,
} from '../api/load-generic-manifest.ts';
import {
  initialAutoValues,
  initialBasicValues,
  initialManifestValues,
  validateBasic,
  validateManifest,
} from '../setup-form.ts';
import type { AutoValues, BasicValues, FormErrors, ManifestValues } from '../setup-form.ts';

// The wizard's state machine (dashboard.md §4 "Wizard"): steps 0 to 3, Next validates the current
// step, Back from step 1 resets the generic-URL state (its load status; what the user typed stays),
// the last step submits.

export const WIZARD_STEPS = [
  msg`Select Game`,
  msg`Basic Settings`,
  msg`Instance Settings`,
  msg`Auto Settings`,
] as const;
export const LAST_STEP = WIZARD_STEPS.length - 1;

export type GameChoice =
  | { kind: 'game'; game: HandlerGameType }
  /** A definition that ships with the core (GET /games/definitions). */
  | { kind: 'definition'; url: string }
  | { kind: 'generic' }
  | null;

export interface GenericState {
  url: string;
  loading: boolean;
  /** The URL whose manifest is loaded (the one Create will send). */
  loadedUrl: string | null;
  manifest: SetupManifest | null;
  error: string | null;
  /** Why loading failed, in the words of toUserMessage. */
  detail: string | null;
}

const NO_GENERIC: GenericState = {
  url: '',
  loading: false,
  loadedUrl: null,
  manifest: null,
  error: null,
  detail: null,
};

export function useWizard() {
  const [step, setStep] = useState(0);
  const [choice, setChoice] = useState<GameChoice>(null);
  const [basic, setBasic] = useState<BasicValues>(initialBasicValues);
  const [auto, setAuto] = useState<AutoValues>(initialAutoValues);
  const [values, setValues] = useState<{ source: SetupManifest | null; values: ManifestValues }>({
    source: null,
    values: {},
  });
  const [errors, setErrors] = useState<FormErrors>({});
  const [generic, setGeneric] = useState<GenericState>(NO_GENERIC);
  const loadGeneric = useLoadGenericManifestMutation();
  const gameManifest = useSetupManifest(choice?.kind === 'game' ? choice.game : null);
  const shippedManifest = useGenericManifest(choice?.kind === 'definition' ? choice.url : null);
  const manifestQuery =
    choice?.kind === 'game' ? gameManifest : choice?.kind === 'definition' ? shippedManifest : null;

  const manifest: SetupManifest | null =
    choice?.kind === 'generic' ? generic.manifest : (manifestQuery?.data ?? null);
  // Fields start from the manifest's values the first time a manifest is shown.
  if (manifest && values.source !== manifest)
    setValues({ source: manifest, values: initialManifestValues(manifest) });
  const manifestValues = values.source === manifest ? values.values : {};

  const genericReady =
    choice?.kind === 'generic' &&
    generic.manifest !== null &&
    generic.loadedUrl === generic.url.trim();

  const choose = (next: GameChoice) => {
    setChoice(next);
    setErrors({});
  };

  const load = async () => {
    const url = generic.url.trim();
    if (url === '') {
      setGeneric((g) => ({ ...g, error: t`URL is required`, detail: null }));
      return;
    }
    setGeneric((g) => ({ ...g, loading: true, error: null, detail: null }));
    try {
      const loaded = await loadGeneric.mutateAsync(url);
      setGeneric((g) => ({ ...g, loading: false, manifest: loaded, loadedUrl: url }));
    } catch (err) {
      setGeneric((g) => ({
        ...g,
        loading: false,
        manifest: null,
        loadedUrl: null,
        error: t`Error fetching the instance`,
        detail: toUserMessage(err),
      }));
    }
  };

  const stepErrors = (at: number): FormErrors => {
    switch (at) {
      case 0:
        if (choice === null) return { game: t`Select a game` };
        if (choice.kind === 'generic' && !genericReady)
          return { game: t`Load a definition URL first` };
        return {};
      case 1:
        return validateBasic(basic);
      case 2:
        if (!manifest) return { manifest: t`The settings are not loaded yet` };
        return validateManifest(manifest, manifestValues);
      default:
        return {};
    }
  };

  const next = (): boolean => {
    const found = stepErrors(step);
    setErrors(found);
    if (Object.keys(found).length > 0) return false;
    setStep((s) => Math.min(s + 1, LAST_STEP));
    return true;
  };

  const back = () => {
    // Only the load status goes: the URL, and a definition loaded from it, stay.
    if (step === 1) setGeneric((g) => ({ ...g, loading: false, error: null, detail: null }));
    setErrors({});
    setStep((s) => Math.max(0, s - 1));
  };

  const setField = (
    sectionId: string,
    settingId: string,
    value: ManifestValues[string][string],
  ) => {
    setValues((current) => ({
      ...current,
      values: {
        ...current.values,
        [sectionId]: { ...current.values[sectionId], [settingId]: value },
      },
    }));
  };

  /** Re-checks the fields of the step on screen once its errors are showing. */
  const liveErrors = Object.keys(errors).length > 0 ? stepErrors(step) : errors;

  return {
    step,
    choice,
    choose,
    basic,
    setBasic,
    auto,
    setAuto,
    manifest,
    manifestQuery,
    manifestValues,
    setField,
    errors: liveErrors,
    generic,
    setGenericUrl: (url: string) => setGeneric((g) => ({ ...g, url, error: null, detail: null })),
    loadGeneric: load,
    genericReady,
    next,
    back,
  };
}

export type Wizard = ReturnType<typeof useWizard>;
