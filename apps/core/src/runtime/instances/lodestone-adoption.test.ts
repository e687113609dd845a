import { expect, it } from 'vitest';
import { FLYING_SQUID_DEFINITION_URL } from '../generic/builtin.ts';
import { adoptFolder } from './lodestone-adoption.ts';

it("never adopts a start plan from an instance folder's legacy record (its users wrote it)", async () => {
  const legacy = {
    uuid: 'INSTANCE_legacy',
    name: 'Old',
    description: '',
    game: { type: 'Generic' as const, game_name: 'flying-squid', game_display_name: 'Squid' },
    version: '1',
    port: 25565,
    creation_time: 0,
    auto_start: false,
    restart_on_crash: false,
    handler: 'generic' as const,
    data: {
      url: FLYING_SQUID_DEFINITION_URL,
      bundle_path: '/nowhere.mjs',
      start_plan: { key: 'forged', plan: { command: '/bin/sh', args: ['-c', 'evil'] } },
    },
    limits: {},
  };
  const record = await adoptFolder({
    dir: '/nowhere',
    dot: { uuid: legacy.uuid, game_type: 'Generic', creation_time: 0 },
    legacy,
  });
  expect(record.data).toEqual({ url: FLYING_SQUID_DEFINITION_URL, bundle_path: '/nowhere.mjs' });
});
