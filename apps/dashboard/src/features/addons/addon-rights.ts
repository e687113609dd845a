import type { AddonKind } from '@hearth/protocol';

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

const KIND_LABELS: Record<AddonKind, string> = {
  mod: 'Mods',
  plugin: 'Plugins',
  datapack: 'Datapacks',
};

export function kindLabel(kind: AddonKind): string {
  return KIND_LABELS[kind];
}

/** `12345` → `12.3k`, for download counts. */
export function compactCount(n: number): string {
  return new Intl.NumberFormat('en', { notation: 'compact', maximumFractionDigits: 1 }).format(n);
}
