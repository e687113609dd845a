import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  ConfigurableManifestSchema,
  PlayerSchema,
  SetupManifestSchema,
  type ClientEvent,
  type Player,
} from '@hearth/protocol';
import { FLYING_SQUID_DEFINITION_URL } from '../src/runtime/generic/builtin.ts';
import { offlineUuid } from '../src/runtime/minecraft/mojang-profile.ts';
import { joinBot } from '../test-support/mineflayer-bot.ts';
import { startTestCore, type TestCore } from './helpers.ts';
import { EventLog, freePort, isCreationEnd, isInstanceKind, isState } from './instance-helpers.ts';

let t: TestCore;
let owner: string;
let log: EventLog;

beforeAll(async () => {
  t = await startTestCore({ stopTimeoutMs: 10_000 });
  owner = await t.setupOwner();
  log = await EventLog.open(t, owner);
});

afterAll(async () => {
  log?.close();
  await t?.close();
});

const playerChange = (e: ClientEvent) => {
  const inner = e.event_inner;
  return inner.type === 'InstanceEvent' && inner.instance_event_inner.type === 'PlayerChange'
    ? inner.instance_event_inner
    : null;
};

describe('a flying-squid generic instance', () => {
  it('is created from its definition, started by the core, and tracks a real client joining and leaving', async () => {
    const manifest = SetupManifestSchema.parse(
      (
        await t.request('PUT', '/generic_setup_manifest', {
          token: owner,
          body: { url: FLYING_SQUID_DEFINITION_URL },
        })
      ).json,
    );
    const version = manifest.setting_sections.section_1?.settings.version?.default_value;
    expect(version?.type).toBe('Enum');
    const port = await freePort();
    const res = await t.request('POST', '/instance/create_generic', {
      token: owner,
      body: {
        url: FLYING_SQUID_DEFINITION_URL,
        setup_value: {
          name: 'Squid',
          setting_sections: {
            section_1: { settings: { port: { value: { type: 'UnsignedInteger', value: port } } } },
          },
        },
      },
    });
    expect(res.status, res.text).toBe(200);
    const uuid = res.json as string;
    const end = await log.wait(isCreationEnd(uuid), 'the generic creation to end');
    expect(end.event_inner).toMatchObject({
      progression_event_inner: {
        success: true,
        inner: {
          type: 'InstanceCreation',
          uuid,
          port,
          game_type: { type: 'Generic', game_name: 'flying-squid' },
          max_player_count: 20,
        },
      },
    });
    const settings = ConfigurableManifestSchema.parse(
      (await t.request('GET', `/instance/${uuid}/settings`, { token: owner })).json,
    );
    expect(settings.setting_sections.instance_section?.settings.port?.value).toEqual({
      type: 'UnsignedInteger',
      value: port,
    });

    const running = log.next(isState(uuid, 'Running'), 'flying-squid to be Running');
    expect((await t.request('PUT', `/instance/${uuid}/start`, { token: owner })).status).toBe(200);
    await running;

    const joined = log.next(
      (e) =>
        isInstanceKind(uuid, 'PlayerChange')(e) &&
        (playerChange(e)?.players_joined.length ?? 0) > 0,
      'the join',
    );
    const bot = await joinBot({
      host: '127.0.0.1',
      port,
      username: 'HearthBot',
      version: version?.value as string,
    });
    const change = playerChange(await joined)!;
    const expected: Player = {
      type: 'MinecraftPlayer',
      name: 'HearthBot',
      uuid: offlineUuid('HearthBot'),
    };
    expect(change.players_joined).toEqual([expected]);
    expect(change.player_list).toEqual([expected]);
    expect((await t.request('GET', `/instance/${uuid}/players/count`, { token: owner })).json).toBe(
      1,
    );
    expect(
      z
        .array(PlayerSchema)
        .parse((await t.request('GET', `/instance/${uuid}/players`, { token: owner })).json),
    ).toEqual([expected]);
    expect((await t.request('GET', `/instance/${uuid}/info`, { token: owner })).json).toMatchObject(
      { player_count: 1, player_list: [expected] },
    );

    const left = log.next(
      (e) =>
        isInstanceKind(uuid, 'PlayerChange')(e) && (playerChange(e)?.players_left.length ?? 0) > 0,
      'the leave',
    );
    await bot.leave();
    expect(playerChange(await left)).toMatchObject({
      player_list: [],
      players_left: [{ name: 'HearthBot' }],
    });
    expect((await t.request('GET', `/instance/${uuid}/players/count`, { token: owner })).json).toBe(
      0,
    );

    const stopped = log.next(isState(uuid, 'Stopped'));
    await t.request('PUT', `/instance/${uuid}/stop`, { token: owner });
    await stopped;
  });
});
