import type { ConfigurableValue, ConfigurableValueType, SettingManifest } from '@hearth/protocol';

export interface SettingFlags {
  required?: boolean;
  secret?: boolean;
  mutable?: boolean;
  defaultValue?: ConfigurableValue | null;
}

/** A `SettingManifest` with the field order of the wire (core-api.md §2.13). */
export function settingManifest(
  settingId: string,
  name: string,
  description: string,
  value: ConfigurableValue | null,
  valueType: ConfigurableValueType,
  flags: SettingFlags = {},
): SettingManifest {
  return {
    setting_id: settingId,
    name,
    description,
    value,
    value_type: valueType,
    default_value: flags.defaultValue ?? null,
    is_secret: flags.secret ?? false,
    is_required: flags.required ?? true,
    is_mutable: flags.mutable ?? true,
  };
}

export const stringType = (regex: string | null = null): ConfigurableValueType => ({
  type: 'String',
  regex,
});
export const unsignedType = (
  min: number | null = null,
  max: number | null = null,
): ConfigurableValueType => ({
  type: 'UnsignedInteger',
  min,
  max,
});
export const booleanType = (): ConfigurableValueType => ({ type: 'Boolean' });
export const enumType = (options: string[]): ConfigurableValueType => ({ type: 'Enum', options });

/** Splits a JVM-arguments string on whitespace (no quoting, like the reference). */
export function splitCmdArgs(text: string): string[] {
  const trimmed = text.trim();
  return trimmed === '' ? [] : trimmed.split(/\s+/);
}

export function joinCmdArgs(args: readonly string[]): string {
  return args.filter((a) => a !== '').join(' ');
}
