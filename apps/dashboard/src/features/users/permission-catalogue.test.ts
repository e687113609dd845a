import { describe, expect, it } from 'vitest';
import {
  GLOBAL_PERMISSION_KEYS,
  INSTANCE_PERMISSION_KEYS,
  UNSAFE_PERMISSION_KEYS,
  emptyPermissions,
} from '@hearth/protocol';
import {
  SAFE_GLOBAL,
  SAFE_INSTANCE,
  UNSAFE,
  isUnsafe,
  withGlobal,
  withInstances,
} from './permission-catalogue.ts';

describe('permission catalogue (dashboard.md §6)', () => {
  it('shows every permission but can_install_extension exactly once', () => {
    const shown = [...SAFE_GLOBAL, ...SAFE_INSTANCE, ...UNSAFE].map((e) => e.key).sort();
    const all = [...INSTANCE_PERMISSION_KEYS, ...GLOBAL_PERMISSION_KEYS]
      .filter((k) => k !== 'can_install_extension')
      .sort();
    expect(shown).toEqual(all);
  });

  it('the Unsafe Settings section holds exactly the five unsafe permissions', () => {
    expect(UNSAFE.map((e) => e.key).sort()).toEqual([...UNSAFE_PERMISSION_KEYS].sort());
    expect(UNSAFE.every((e) => isUnsafe(e.key))).toBe(true);
    expect([...SAFE_GLOBAL, ...SAFE_INSTANCE].some((e) => isUnsafe(e.key))).toBe(false);
  });

  it('kinds match the wire shape (boolean vs list of instance ids)', () => {
    const empty = emptyPermissions();
    for (const entry of [...SAFE_GLOBAL, ...SAFE_INSTANCE, ...UNSAFE]) {
      expect(typeof empty[entry.key] === 'boolean').toBe(entry.kind === 'global');
    }
  });

  it('edits return a full copy and leave the input alone', () => {
    const base = emptyPermissions();
    const granted = withInstances(
      withGlobal(base, 'can_create_instance', true),
      'can_view_instance',
      ['I1', 'I1', 'I2'],
    );
    expect(granted.can_create_instance).toBe(true);
    expect(granted.can_view_instance).toEqual(['I1', 'I2']);
    expect(Object.keys(granted).sort()).toEqual(Object.keys(base).sort());
    expect(base.can_create_instance).toBe(false);
    expect(base.can_view_instance).toEqual([]);
  });
});
