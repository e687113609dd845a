import type { InstanceInfo } from '@hearth/protocol';

/** An instance as GET /instance/list returns it, for tests. */
export function instanceInfo(overrides: Partial<InstanceInfo> = {}): InstanceInfo {
  return {
    uuid: 'INSTANCE_1',
    name: 'My Server',
    game_type: { type: 'MinecraftJava', variant: { type: 'Vanilla' } },
    description: 'A test server',
    version: '1.20.4',
    port: 25565,
    creation_time: 1718900000,
    path: '/data/instances/my-server',
    auto_start: false,
    restart_on_crash: false,
    state: 'Stopped',
    player_count: 0,
    max_player_count: 20,
    player_list: [],
    ...overrides,
  };
}
