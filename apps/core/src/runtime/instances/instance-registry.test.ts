import { describe, expect, it } from 'vitest';
import type { InstanceRecord } from '../../repositories/instance-repository.ts';
import { InstanceRegistry, type InstanceEntry } from './instance-registry.ts';

/** An entry with only what the registry's order reads (uuid and creation time). */
function entry(uuid: string, creationTime: number): InstanceEntry {
  return {
    uuid,
    dir: `/instances/${uuid}`,
    record: { creation_time: creationTime } as InstanceRecord,
    busy: null,
    maxPlayers: undefined,
  } as unknown as InstanceEntry;
}

const uuidsOf = (registry: InstanceRegistry) => registry.all().map((e) => e.uuid);

describe('InstanceRegistry.all', () => {
  it('lists oldest first, ties by uuid, and follows adds and removes', () => {
    const registry = new InstanceRegistry();
    registry.add(entry('INSTANCE_c', 20));
    registry.add(entry('INSTANCE_b', 10));
    registry.add(entry('INSTANCE_a', 20));
    expect(uuidsOf(registry)).toEqual(['INSTANCE_b', 'INSTANCE_a', 'INSTANCE_c']);

    registry.add(entry('INSTANCE_0', 5));
    expect(uuidsOf(registry)).toEqual(['INSTANCE_0', 'INSTANCE_b', 'INSTANCE_a', 'INSTANCE_c']);
    registry.remove('INSTANCE_a');
    expect(uuidsOf(registry)).toEqual(['INSTANCE_0', 'INSTANCE_b', 'INSTANCE_c']);
  });

  it('hands out a copy: changing an answer does not change the next one', () => {
    const registry = new InstanceRegistry();
    registry.add(entry('INSTANCE_a', 1));
    registry.add(entry('INSTANCE_b', 2));
    registry.all().reverse();
    registry.all().pop();
    expect(uuidsOf(registry)).toEqual(['INSTANCE_a', 'INSTANCE_b']);
  });
});
