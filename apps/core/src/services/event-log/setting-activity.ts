import {
  MASKED_VALUE,
  type Activity,
  type ConfigurableValue,
  type SettingManifest,
} from '@hearth/protocol';

/** A setting's value as the event log shows it. */
export function valueText(
  value: ConfigurableValue | boolean | string | number | null,
): string | null {
  if (value === null) return null;
  if (typeof value === 'object') return String(value.value);
  return String(value);
}

/**
 * "Setting changed, old → new" for an instance; null when nothing changed. A secret's values are
 * masked here, before anything is stored or sent.
 */
export function instanceSettingActivity(
  instance: { uuid: string; name: string },
  setting: { id: string; name: string; secret: boolean },
  oldValue: string | null,
  newValue: string | null,
): Activity | null {
  if (oldValue === newValue) return null;
  const mask = (v: string | null) => (setting.secret && v !== null ? MASKED_VALUE : v);
  return {
    type: 'InstanceSettingChanged',
    instance_uuid: instance.uuid,
    instance_name: instance.name,
    setting_id: setting.id,
    setting_name: setting.name,
    old_value: mask(oldValue),
    new_value: mask(newValue),
    secret: setting.secret,
  };
}

/** What a settings-manifest setting says about itself (name, secret) for the log. */
export function manifestSetting(
  id: string,
  manifest: SettingManifest | undefined,
): { id: string; name: string; secret: boolean } {
  return { id, name: manifest?.name ?? id, secret: manifest?.is_secret ?? false };
}
