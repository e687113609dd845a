import { useId } from 'react';
import type { SettingManifest } from '@hearth/protocol';
import { SelectField, TextField } from '@/components/ui/field.tsx';
import { Switch } from '@/components/ui/switch.tsx';
import { widgetKind } from '@/components/settings/setting-values.ts';
import type { FieldValue } from '@/components/settings/setting-values.ts';

export interface SetupFieldProps {
  setting: SettingManifest;
  value: FieldValue;
  error: string | undefined;
  onChange: (value: FieldValue) => void;
}

/** The text-like kinds' inputs: the keyboard a phone shows and what the browser may fill in. */
const TEXT_INPUTS = {
  number: { inputMode: 'decimal', autoComplete: 'off' },
  password: { type: 'password', autoComplete: 'new-password' },
  text: { autoComplete: 'off' },
} as const;

/** One setting of a setup manifest in the wizard, labelled with the setting's name. */
export function SetupField({ setting, value, error, onChange }: SetupFieldProps) {
  const id = useId();
  const kind = widgetKind(setting);
  const text = typeof value === 'string' ? value : '';
  const common = { label: setting.name, error, hint: setting.description || undefined };
  switch (kind) {
    case 'toggle':
      return (
        <div className="flex flex-col gap-1.5">
          <div className="flex items-center justify-between gap-4">
            <label htmlFor={id} className="text-[13px] font-medium text-muted">
              {setting.name}
            </label>
            <Switch
              id={id}
              label={setting.name}
              checked={value === true}
              onCheckedChange={onChange}
            />
          </div>
          {error ? (
            <p className="text-[13px] text-danger">{error}</p>
          ) : (
            <p className="text-[13px] text-faint">{setting.description}</p>
          )}
        </div>
      );
    case 'dropdown': {
      const options = setting.value_type.type === 'Enum' ? setting.value_type.options : [];
      return (
        <SelectField
          {...common}
          value={text}
          onChange={(event) => onChange(event.target.value)}
          options={options.map((option) => ({ value: option, label: option }))}
        />
      );
    }
    case 'number':
    case 'password':
    case 'text':
      return (
        <TextField
          {...common}
          {...TEXT_INPUTS[kind]}
          value={text}
          onChange={(event) => onChange(event.target.value)}
        />
      );
  }
}
