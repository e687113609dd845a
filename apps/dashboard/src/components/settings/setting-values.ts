import type { ConfigurableValue, ConfigurableValueType, SettingManifest } from '@hearth/protocol';

// Shared by the wizard and the Instance Settings widgets: how a setting is edited (its widget),
// how a wire value becomes the text in a field, and how text becomes a typed wire value.

/** dashboard.md §2 Instance Settings: the five widget kinds. */
export type WidgetKind = 'text' | 'password' | 'number' | 'toggle' | 'dropdown';

export function widgetKind(setting: Pick<SettingManifest, 'value_type' | 'is_secret'>): WidgetKind {
  switch (setting.value_type.type) {
    case 'String':
      return setting.is_secret ? 'password' : 'text';
    case 'Integer':
    case 'UnsignedInteger':
    case 'Float':
      return 'number';
    case 'Boolean':
      return 'toggle';
    case 'Enum':
      return 'dropdown';
  }
}

/** A field's content: text for text-like widgets, a boolean (or unset) for toggles. */
export type FieldValue = string | boolean | null;

/** The value a field starts with: the current value, else the default, else empty. */
export function initialFieldValue(
  setting: Pick<SettingManifest, 'value' | 'default_value' | 'value_type'>,
): FieldValue {
  const wire = setting.value ?? setting.default_value;
  if (setting.value_type.type === 'Boolean') return wire?.type === 'Boolean' ? wire.value : null;
  if (wire === null)
    return setting.value_type.type === 'Enum' ? (setting.value_type.options[0] ?? '') : '';
  return String(wire.value);
}

const INTEGER = /^[+-]?\d+$/;
const DECIMAL = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?$/;

export function isIntegerText(text: string): boolean {
  return INTEGER.test(text.trim());
}

export function isDecimalText(text: string): boolean {
  return DECIMAL.test(text.trim());
}

/** i32 / u32 on the wire (protocol configurable.ts). */
export function typeBounds(type: ConfigurableValueType): {
  min: number | null;
  max: number | null;
} {
  switch (type.type) {
    case 'Integer':
      return { min: type.min ?? -2147483648, max: type.max ?? 2147483647 };
    case 'UnsignedInteger':
      return { min: type.min ?? 0, max: type.max ?? 4294967295 };
    case 'Float':
      return { min: type.min, max: type.max };
    case 'String':
    case 'Boolean':
    case 'Enum':
      return { min: null, max: null };
  }
}

/**
 * The wire value of a field that already passed validation; null for an empty optional field.
 * Text is trimmed except for secrets (a password may end in a space).
 */
export function toConfigurableValue(
  type: ConfigurableValueType,
  value: FieldValue,
  trim = true,
): ConfigurableValue | null {
  if (type.type === 'Boolean')
    return value === null ? null : { type: 'Boolean', value: value === true };
  const raw = typeof value === 'string' ? value : '';
  const text = trim ? raw.trim() : raw;
  switch (type.type) {
    case 'String':
      return { type: 'String', value: text };
    case 'Enum':
      return text === '' ? null : { type: 'Enum', value: text };
    case 'Integer':
    case 'UnsignedInteger':
    case 'Float':
      return text === '' ? null : { type: type.type, value: Number(text) };
  }
}
