import { useLingui } from '@lingui/react/macro';
import type { InstanceInfo, UserPermission } from '@hearth/protocol';
import { SettingRow, SwitchRow } from '@/components/layout/settings-section.tsx';
import { MultiSelect } from '@/components/ui/multi-select.tsx';
import type { PermissionEntry } from '../permission-catalogue.ts';
import { withGlobal, withInstances } from '../permission-catalogue.ts';

export interface PermissionRowProps {
  entry: PermissionEntry;
  permissions: UserPermission;
  instances: readonly InstanceInfo[];
  disabled: boolean;
  /** Receives the full new permissions object. */
  onChange: (next: UserPermission) => void;
}

/** One permission: a toggle for a boolean one, an instance multi-select for a per-instance one. */
export function PermissionRow({
  entry,
  permissions,
  instances,
  disabled,
  onChange,
}: PermissionRowProps) {
  const { t, i18n } = useLingui();
  const label = i18n._(entry.label);
  const description = i18n._(entry.description);
  if (entry.kind === 'global') {
    return (
      <SwitchRow
        title={label}
        description={description}
        checked={permissions[entry.key]}
        disabled={disabled}
        onCheckedChange={(on) => onChange(withGlobal(permissions, entry.key, on))}
      />
    );
  }
  return (
    <SettingRow
      title={label}
      description={description}
      control={
        <div className="w-56">
          <MultiSelect
            label={label}
            options={instances.map((instance) => ({ value: instance.uuid, label: instance.name }))}
            selected={permissions[entry.key]}
            disabled={disabled}
            placeholder={t`No instances`}
            emptyText={t`No instances yet`}
            onChange={(ids) => onChange(withInstances(permissions, entry.key, ids))}
          />
        </div>
      }
    />
  );
}
