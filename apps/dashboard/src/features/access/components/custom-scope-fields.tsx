import { Trans, useLingui } from '@lingui/react/macro';
import { GLOBAL_PERMISSION_KEYS, INSTANCE_PERMISSION_KEYS } from '@hearth/protocol';
import type { GlobalPermissionKey, InstancePermissionKey } from '@hearth/protocol';
import { Checkbox } from '@/components/ui/checkbox.tsx';
import { MultiSelect } from '@/components/ui/multi-select.tsx';
import { PERMISSION_LABELS } from '@/lib/permission-labels.ts';
import type { HeldRights } from '../key-scope.ts';

export interface ScopeChoice {
  owner: boolean;
  admin: boolean;
  instance: Partial<Record<InstancePermissionKey, readonly string[]>>;
  global: readonly GlobalPermissionKey[];
}

export const emptyChoice: ScopeChoice = { owner: false, admin: false, instance: {}, global: [] };

function CheckRow({
  label,
  checked,
  onChange,
}: {
  label: string;
  checked: boolean;
  onChange: (on: boolean) => void;
}) {
  return (
    <label className="flex min-h-11 items-center gap-3 text-sm text-fg wide:min-h-8">
      <Checkbox label={label} checked={checked} onCheckedChange={onChange} />
      <span aria-hidden>{label}</span>
    </label>
  );
}

/** The permissions a custom key may get: only those you hold, per instance and globally. */
export function CustomScopeFields({
  held,
  instances,
  choice,
  onChange,
}: {
  held: HeldRights;
  instances: readonly { uuid: string; name: string }[];
  choice: ScopeChoice;
  onChange: (next: ScopeChoice) => void;
}) {
  const { t, i18n } = useLingui();
  const nameOf = (uuid: string) => instances.find((i) => i.uuid === uuid)?.name ?? uuid;
  const globals = GLOBAL_PERMISSION_KEYS.filter((key) => held.global.includes(key));
  const perInstance = INSTANCE_PERMISSION_KEYS.filter((key) => held.instance[key].length > 0);
  const toggleGlobal = (key: GlobalPermissionKey, on: boolean) =>
    onChange({
      ...choice,
      global: on ? [...choice.global, key] : choice.global.filter((k) => k !== key),
    });
  return (
    <fieldset className="flex flex-col gap-3 rounded-lg border border-line p-3">
      <legend className="px-1 text-[13px] font-medium text-muted">
        <Trans>Permissions of this key</Trans>
      </legend>
      {held.owner ? (
        <CheckRow
          label={t`Owner rights (core settings, users, everything)`}
          checked={choice.owner}
          onChange={(owner) => onChange({ ...choice, owner })}
        />
      ) : null}
      {held.admin || held.owner ? (
        <CheckRow
          label={t`Admin`}
          checked={choice.admin}
          onChange={(admin) => onChange({ ...choice, admin })}
        />
      ) : null}
      {globals.map((key) => (
        <CheckRow
          key={key}
          label={i18n._(PERMISSION_LABELS[key])}
          checked={choice.global.includes(key)}
          onChange={(on) => toggleGlobal(key, on)}
        />
      ))}
      {perInstance.map((key) => (
        <div key={key} className="flex flex-col gap-1">
          <span className="text-[13px] text-muted">{i18n._(PERMISSION_LABELS[key])}</span>
          <MultiSelect
            label={i18n._(PERMISSION_LABELS[key])}
            options={held.instance[key].map((uuid) => ({ value: uuid, label: nameOf(uuid) }))}
            selected={choice.instance[key] ?? []}
            onChange={(next) =>
              onChange({ ...choice, instance: { ...choice.instance, [key]: next } })
            }
          />
        </div>
      ))}
      {globals.length === 0 && perInstance.length === 0 && !held.owner ? (
        <p className="text-sm text-muted">
          <Trans>You hold no permissions to give a key.</Trans>
        </p>
      ) : null}
    </fieldset>
  );
}
