import {
  checkConfigurableValue,
  type ConfigurableValue,
  type SetupManifest,
  type SetupValue,
} from '@hearth/protocol';
import { badRequest } from '../errors.ts';

/** The value a request gives for a setting: in its own section first, then in any section. */
function findValue(
  setup: SetupValue,
  sectionId: string,
  settingId: string,
): ConfigurableValue | null {
  const own = setup.setting_sections[sectionId]?.settings[settingId];
  if (own) return own.value;
  for (const section of Object.values(setup.setting_sections)) {
    const found = section.settings[settingId];
    if (found) return found.value;
  }
  return null;
}

/**
 * Checks a creation request against a setup manifest (core-api.md §2.13 type rules) and fills
 * missing values with their defaults. Every problem is listed in one 400
 * ("Invalid setup: port is missing; version: Value is not in enum").
 */
export function resolveSetupValue(manifest: SetupManifest, setup: SetupValue): SetupValue {
  const problems: string[] = [];
  const sections: SetupValue['setting_sections'] = {};
  for (const [sectionId, section] of Object.entries(manifest.setting_sections)) {
    const settings: SetupValue['setting_sections'][string]['settings'] = {};
    for (const [settingId, setting] of Object.entries(section.settings)) {
      let value = findValue(setup, sectionId, settingId);
      if (value === null) value = setting.default_value;
      if (value === null) {
        if (setting.is_required) problems.push(`${settingId} is missing`);
        settings[settingId] = { value: null };
        continue;
      }
      const cause = checkConfigurableValue(setting.value_type, value);
      if (cause !== null) problems.push(`${settingId}: ${cause}`);
      settings[settingId] = { value };
    }
    sections[sectionId] = { settings };
  }
  if (problems.length > 0) throw badRequest('Invalid setup', problems.join('; '));
  return { ...setup, setting_sections: sections };
}

/** The UnsignedInteger/Integer value of a setting named `port`, if the manifest has one. */
export function portFromSetup(setup: SetupValue): number | null {
  for (const section of Object.values(setup.setting_sections)) {
    const value = section.settings.port?.value;
    if (value && (value.type === 'UnsignedInteger' || value.type === 'Integer')) return value.value;
  }
  return null;
}
