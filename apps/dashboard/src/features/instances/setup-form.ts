import { t } from '@lingui/core/macro';
import type { SetupManifest, SetupValueInput, SettingManifest } from '@hearth/protocol';
import {
  initialFieldValue,
  isDecimalText,
  isIntegerText,
  toConfigurableValue,
  typeBounds,
} from '@/components/settings/setting-values.ts';
import type { FieldValue } from '@/components/settings/setting-values.ts';
import { instanceNameError } from '@/lib/name-problems.ts';

// The create-instance wizard's form (dashboard.md §2, §4 "Wizard", §5 "Setting-driven forms").
// Built-in settings (name, description, auto_start, restart_on_crash) plus every setting of the
// setup manifest, keyed by section then setting id.

export interface BasicValues {
  name: string;
  description: string;
}
export interface AutoValues {
  auto_start: boolean;
  restart_on_crash: boolean;
}
export type ManifestValues = Record<string, Record<string, FieldValue>>;
/** Errors by `section/setting`, or by built-in name. */
export type FormErrors = Record<string, string>;

export function initialBasicValues(): BasicValues {
  return { name: t`My Server`, description: '' };
}

export function initialAutoValues(): AutoValues {
  return { auto_start: false, restart_on_crash: false };
}

export function initialManifestValues(manifest: SetupManifest): ManifestValues {
  const values: ManifestValues = {};
  for (const [sectionId, section] of Object.entries(manifest.setting_sections)) {
    values[sectionId] = {};
    for (const [settingId, setting] of Object.entries(section.settings)) {
      values[sectionId][settingId] = initialFieldValue(setting);
    }
  }
  return values;
}

export function fieldKey(sectionId: string, settingId: string): string {
  return `${sectionId}/${settingId}`;
}

export function validateBasic(values: BasicValues): FormErrors {
  const errors: FormErrors = {};
  // An empty field reads like every other required field of the wizard (§5); the rest of the
  // name rule is the core's, from the protocol.
  const problem = values.name.trim() === '' ? t`Name is required` : instanceNameError(values.name);
  if (problem) errors.name = problem;
  return errors;
}

/** One setting's error per §5, or null. */
export function validateSetting(setting: SettingManifest, value: FieldValue): string | null {
  const item = setting.name;
  const type = setting.value_type;
  if (type.type === 'Boolean')
    return value === null && setting.is_required ? t`${item} is required` : null;
  const text = typeof value === 'string' ? value.trim() : '';
  if (text === '') return setting.is_required ? t`${item} is required` : null;
  switch (type.type) {
    case 'String': {
      if (type.regex === null) return null;
      try {
        return new RegExp(type.regex, 'u').test(text)
          ? null
          : t`${item} is not in the expected format`;
      } catch {
        return null;
      }
    }
    case 'Enum':
      return type.options.includes(text) ? null : t`${item} must be one of the options`;
    case 'Integer':
    case 'UnsignedInteger':
    case 'Float': {
      if (type.type === 'Float' ? !isDecimalText(text) : !isIntegerText(text)) {
        return type.type === 'Float' ? t`${item} must be a number` : t`${item} must be an integer`;
      }
      const n = Number(text);
      const { min, max } = typeBounds(type);
      if (min !== null && n < min) return t`${item} must be greater than or equal to ${min}`;
      if (max !== null && n > max) return t`${item} must be less than or equal to ${max}`;
      return null;
    }
  }
}

export function validateManifest(manifest: SetupManifest, values: ManifestValues): FormErrors {
  const errors: FormErrors = {};
  for (const [sectionId, section] of Object.entries(manifest.setting_sections)) {
    for (const [settingId, setting] of Object.entries(section.settings)) {
      const error = validateSetting(setting, values[sectionId]?.[settingId] ?? null);
      if (error) errors[fieldKey(sectionId, settingId)] = error;
    }
  }
  return errors;
}

/** The body of POST /instance/create/{game} (and `setup_value` of create_generic). */
export function buildSetupValue(
  manifest: SetupManifest,
  basic: BasicValues,
  values: ManifestValues,
  auto: AutoValues,
): SetupValueInput {
  const sections: SetupValueInput['setting_sections'] = {};
  for (const [sectionId, section] of Object.entries(manifest.setting_sections)) {
    const settings: Record<string, { value: ReturnType<typeof toConfigurableValue> }> = {};
    for (const [settingId, setting] of Object.entries(section.settings)) {
      const value = toConfigurableValue(
        setting.value_type,
        values[sectionId]?.[settingId] ?? null,
        !setting.is_secret,
      );
      // An empty optional text means "not set": the core then applies the default.
      const unset = value?.type === 'String' && value.value === '' && !setting.is_required;
      settings[settingId] = { value: unset ? null : value };
    }
    sections[sectionId] = { settings };
  }
  const description = basic.description.trim();
  return {
    name: basic.name.trim(),
    description: description === '' ? null : description,
    auto_start: auto.auto_start,
    restart_on_crash: auto.restart_on_crash,
    setting_sections: sections,
  };
}
