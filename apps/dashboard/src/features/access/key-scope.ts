import { msg, plural, t } from '@lingui/core/macro';
import { i18n } from '@lingui/core';
import type { MessageDescriptor } from '@lingui/core';
import {
  GLOBAL_KEY_ACTION,
  GLOBAL_PERMISSION_KEYS,
  INSTANCE_KEY_ACTION,
  INSTANCE_PERMISSION_KEYS,
  canPerform,
  emptyPermissions,
  principalOf,
} from '@hearth/protocol';
import { PERMISSION_LABELS } from '@/lib/permission-labels.ts';
import type {
  ApiKeyScope,
  GlobalPermissionKey,
  InstancePermissionKey,
  PublicUser,
} from '@hearth/protocol';

// What a new API key may hold: never more than its user (the core refuses more, protocol
// principalExcess), so the form offers only what the user holds now.

export type ScopePreset = 'all' | 'read' | 'custom';

/** What the user holds, as choices: per key, the instances they hold it on; the global keys held. */
export interface HeldRights {
  owner: boolean;
  admin: boolean;
  instance: Record<InstancePermissionKey, string[]>;
  global: GlobalPermissionKey[];
}

export function heldRights(me: PublicUser, instances: readonly string[]): HeldRights {
  const principal = principalOf(me);
  const instance = Object.fromEntries(
    INSTANCE_PERMISSION_KEYS.map((key) => [
      key,
      instances.filter((uuid) =>
        canPerform(principal, { type: INSTANCE_KEY_ACTION[key], instance: uuid }, false),
      ),
    ]),
  ) as Record<InstancePermissionKey, string[]>;
  const global = GLOBAL_PERMISSION_KEYS.filter((key) =>
    canPerform(principal, { type: GLOBAL_KEY_ACTION[key] }, false),
  );
  return { owner: me.is_owner, admin: me.is_admin, instance, global };
}

/** Everything the user can do, now and as it changes (an owner's key is an owner key). */
export function fullScope(me: PublicUser): ApiKeyScope {
  return { is_owner: me.is_owner, is_admin: me.is_admin, permissions: me.permissions };
}

/** Looking only: view, read resources and files on the instances the user sees now. */
export function readOnlyScope(held: HeldRights): ApiKeyScope {
  const permissions = emptyPermissions();
  permissions.can_view_instance = held.instance.can_view_instance;
  permissions.can_read_instance_resource = held.instance.can_read_instance_resource;
  permissions.can_read_instance_file = held.instance.can_read_instance_file;
  permissions.can_read_global_file = held.global.includes('can_read_global_file');
  return { is_owner: false, is_admin: false, permissions };
}

/** A chosen scope, kept within what is held (a stale choice is dropped, never sent). */
export function customScope(
  held: HeldRights,
  chosen: {
    owner: boolean;
    admin: boolean;
    instance: Partial<Record<InstancePermissionKey, readonly string[]>>;
    global: readonly GlobalPermissionKey[];
  },
): ApiKeyScope {
  const permissions = emptyPermissions();
  for (const key of INSTANCE_PERMISSION_KEYS)
    permissions[key] = (chosen.instance[key] ?? []).filter((uuid) =>
      held.instance[key].includes(uuid),
    );
  for (const key of GLOBAL_PERMISSION_KEYS)
    permissions[key] = chosen.global.includes(key) && held.global.includes(key);
  return {
    is_owner: chosen.owner && held.owner,
    is_admin: chosen.admin && (held.admin || held.owner),
    permissions,
  };
}

/** Expiry choices of the form, in days (null: never). */
export const EXPIRY_CHOICES: readonly {
  value: string;
  label: MessageDescriptor;
  days: number | null;
}[] = [
  { value: '7', label: msg`7 days`, days: 7 },
  { value: '30', label: msg`30 days`, days: 30 },
  { value: '90', label: msg`90 days`, days: 90 },
  { value: '365', label: msg`1 year`, days: 365 },
  { value: 'never', label: msg({ message: 'Never', context: 'key expiry' }), days: null },
];

export function expiryFrom(choice: string, nowMs: number): number | null {
  const days = EXPIRY_CHOICES.find((c) => c.value === choice)?.days ?? null;
  return days === null ? null : nowMs + days * 24 * 60 * 60 * 1000;
}

/** "Everything", "Owner", or the permissions a scope holds in words (the active language). */
export function describeScope(scope: ApiKeyScope): string {
  if (scope.is_owner) return t`Owner`;
  const parts: string[] = [];
  if (scope.is_admin) parts.push(t`Admin`);
  for (const key of GLOBAL_PERMISSION_KEYS)
    if (scope.permissions[key]) parts.push(i18n._(PERMISSION_LABELS[key]));
  for (const key of INSTANCE_PERMISSION_KEYS) {
    const count = scope.permissions[key].length;
    const label = i18n._(PERMISSION_LABELS[key]);
    if (count > 0)
      parts.push(plural(count, { one: `${label} (# instance)`, other: `${label} (# instances)` }));
  }
  return parts.length === 0 ? t`Nothing` : parts.join(', ');
}
