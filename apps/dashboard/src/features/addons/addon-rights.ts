import { t } from '@lingui/core/macro';
import type { AddonKind } from '@hearth/protocol';
import { formatNumber } from '@/lib/i18n/format.ts';

/** What the signed-in user may do on the Add-ons tab (the app route computes it). */
export interface AddonRights {
  /** `can_read_instance_file`: search, see versions, the installed list, updates. */
  read: boolean;
  /** `can_write_instance_file`: install, update and remove datapacks. */
  write: boolean;
  /** A `.jar` is a protected file: the owner or `can_write_global_file` as well as file write. */
  writeJar: boolean;
}

/** Whether these rights install, update or remove an add-on of this kind (the core checks too). */
export function mayChange(rights: AddonRights, kind: AddonKind): boolean {
  return kind === 'datapack' ? rights.write : rights.write && rights.writeJar;
}

export function kindLabel(kind: AddonKind): string {
  switch (kind) {
    case 'mod':
      return t`Mods`;
    case 'plugin':
      return t`Plugins`;
    case 'datapack':
      return t`Datapacks`;
  }
}

/** "No mods found for this server.", one sentence per kind. */
export function noneFoundText(kind: AddonKind): string {
  switch (kind) {
    case 'mod':
      return t`No mods found for this server.`;
    case 'plugin':
      return t`No plugins found for this server.`;
    case 'datapack':
      return t`No datapacks found for this server.`;
  }
}

/** `12345` → `12.3K`, for download counts, in the active language. */
export function compactCount(n: number): string {
  return formatNumber(n, { notation: 'compact', maximumFractionDigits: 1 });
}
