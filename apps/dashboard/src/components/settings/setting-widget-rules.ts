import { t } from '@lingui/core/macro';
import { SETTING_TEXT_MAX } from '@hearth/protocol';
import type { ConfigurableValue, SettingManifest } from '@hearth/protocol';
import { isDecimalText, isIntegerText, toConfigurableValue, typeBounds } from './setting-values.ts';
import type { FieldValue } from './setting-values.ts';

// dashboard.md §5 "Setting widgets (instance settings)": text is trimmed; required gives
// Cannot be empty; numbers must parse (Not an integer, Not a valid float, Must be a number) and
// stay within bounds (Must be greater than {min}, Must be less than {max}); 1024 characters at most.
// The messages are in the active language, worded when the check runs.

export function textTooLong(): string {
  const max = SETTING_TEXT_MAX;
  return t`Cannot be longer than ${max} characters`;
}

/** The widget's error for `text`, or null when it can be sent. */
export function validateWidgetText(
  setting: Pick<SettingManifest, 'value_type' | 'is_required' | 'is_secret'>,
  text: string,
): string | null {
  const type = setting.value_type;
  const value = setting.is_secret ? text : text.trim();
  if (value.length > SETTING_TEXT_MAX) return textTooLong();
  switch (type.type) {
    case 'String':
      return value === '' && setting.is_required ? t`Cannot be empty` : null;
    case 'Enum':
      if (value === '') return t`Cannot be empty`;
      return type.options.includes(value) ? null : t`Must be one of the options`;
    case 'Boolean':
      return null;
    case 'Integer':
    case 'UnsignedInteger':
    case 'Float': {
      if (value === '') return t`Cannot be empty`;
      if (type.type === 'Float') {
        if (!isDecimalText(value))
          return Number.isNaN(Number(value)) ? t`Must be a number` : t`Not a valid float`;
      } else if (!isIntegerText(value)) {
        return isDecimalText(value) ? t`Not an integer` : t`Must be a number`;
      }
      const n = Number(value);
      if (!Number.isFinite(n)) return t`Not a valid float`;
      const { min, max } = typeBounds(type);
      if (min !== null && n < min) return t`Must be greater than ${min}`;
      if (max !== null && n > max) return t`Must be less than ${max}`;
      return null;
    }
  }
}

/** The typed value PUT /instance/{id}/settings/{section}/{setting} sends for a valid field. */
export function widgetValue(
  setting: Pick<SettingManifest, 'value_type' | 'is_secret'>,
  value: FieldValue,
): ConfigurableValue | null {
  return toConfigurableValue(setting.value_type, value, !setting.is_secret);
}
