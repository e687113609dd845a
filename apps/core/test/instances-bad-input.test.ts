import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { ClientError, SetupValueInput } from '@hearth/protocol';
import type { UpstreamFixture } from '../test-support/upstream-fixture/index.ts';
import type { TestCore } from './helpers.ts';
import {
  createInstance,
  createVanilla,
  EventLog,
  freePort,
  isInstanceKind,
  isState,
  minecraftSetup,
  progressionEndFor,
  useInstanceSuite,
  useScratch,
} from './instance-helpers.ts';

let fixture: UpstreamFixture;
let t: TestCore;
let owner: string;
let log: EventLog;
let scratch: string;

useInstanceSuite((suite) => ({ fixture, t, owner, log } = suite));
useScratch('bad-input', (dir) => (scratch = dir));

const instanceFolders = async () => fs.readdir(path.join(t.dataDir, 'instances'));

async function refused(game: string, body: unknown): Promise<ClientError> {
  const before = await instanceFolders();
  const res = await t.request('POST', `/instance/create/${game}`, { token: owner, body });
  expect(res.status, res.text).toBe(400);
  expect(await instanceFolders()).toEqual(before);
  return res.json as ClientError;
}

function withSettings(
  setup: SetupValueInput,
  section: 'section_1' | 'section_2',
  settings: Record<string, unknown>,
): SetupValueInput {
  const copy = structuredClone(setup) as {
    setting_sections: Record<string, { settings: Record<string, unknown> }>;
  };
  copy.setting_sections[section] = { settings };
  return copy as unknown as SetupValueInput;
}

describe('creation refuses bad input at once and leaves nothing behind', () => {
  it('unknown or unsupported games', async () => {
    const setup = minecraftSetup('x', '1.20.4', await freePort());
    expect(await refused('Terraria', setup)).toEqual({
      kind: 'BadRequest',
      causes: ['Unknown game type: Terraria'],
    });
    expect((await refused('MinecraftBedrock', setup)).causes.join(' ')).toMatch(/not supported/);
  });

  it('a version the flavour does not have, and missing settings', async () => {
    const bad = await refused('MinecraftPaper', minecraftSetup('x', '1.7.10', await freePort()));
    expect(bad.causes.join(' ')).toMatch(/version: Value is not in enum/);
    const setup = minecraftSetup('x', '1.20.4', await freePort());
    const noPort = withSettings(setup, 'section_1', {
      version: { value: { type: 'Enum', value: '1.20.4' } },
    });
    expect((await refused('MinecraftJavaVanilla', noPort)).causes.join(' ')).toMatch(
      /port is missing/,
    );
    const noRam = withSettings(setup, 'section_2', {});
    expect((await refused('MinecraftJavaVanilla', noRam)).causes.join(' ')).toMatch(
      /min_ram is missing; max_ram is missing/,
    );
    expect((await refused('MinecraftJavaVanilla', { name: 'x' })).causes[0]).toMatch(/invalid/);
  });

  it('ports out of range or in use', async () => {
    expect(
      (await refused('MinecraftJavaVanilla', minecraftSetup('x', '1.20.4', 0))).causes,
    ).toEqual(['Port must be between 1 and 65535']);
    expect(
      (await refused('MinecraftJavaVanilla', minecraftSetup('x', '1.20.4', 70000))).causes.join(
        ' ',
      ),
    ).toMatch(/port: Value is too large/);
    const busy = net.createServer();
    await new Promise<void>((resolve) => busy.listen(0, '0.0.0.0', resolve));
    const port = (busy.address() as net.AddressInfo).port;
    expect(
      (await refused('MinecraftJavaVanilla', minecraftSetup('x', '1.20.4', port))).causes,
    ).toEqual([`Port ${port} is in use`]);
    await new Promise((r) => busy.close(r));
  });

  it('names that are empty, too long or contain path characters', async () => {
    const port = await freePort();
    expect(
      (await refused('MinecraftJavaVanilla', minecraftSetup('   ', '1.20.4', port))).causes,
    ).toEqual(['Instance name cannot be empty']);
    expect(
      (await refused('MinecraftJavaVanilla', minecraftSetup('x'.repeat(101), '1.20.4', port)))
        .causes[0],
    ).toMatch(/longer than 100/);
    expect(
      (await refused('MinecraftJavaVanilla', minecraftSetup('../../etc', '1.20.4', port)))
        .causes[0],
    ).toMatch(/cannot contain/);
  });

  it('never uses the raw name as the folder name', async () => {
    const info = await createVanilla(t, owner, log, '..hidden: *?<>|"');
    expect(path.dirname(info.path)).toBe(path.join(t.dataDir, 'instances'));
    expect(path.basename(info.path)).toMatch(/^hidden-[0-9a-f]{8}$/);
    expect(info.name).toBe('..hidden: *?<>|"');
  });
});

describe('failures after the answer become progression or Error events with the reason', () => {
  it('a corrupt download ends the creation with a failure and removes the folder', async () => {
    fixture.faults.corruptJars = true;
    try {
      const before = await instanceFolders();
      const res = await t.request('POST', '/instance/create/MinecraftJavaVanilla', {
        token: owner,
        body: minecraftSetup('Corrupt', '1.20.4', await freePort()),
      });
      expect(res.status).toBe(200);
      const end = await progressionEndFor(log, res.json as string);
      expect(end.level).toBe('Error');
      expect(end.event_inner).toMatchObject({
        progression_event_inner: {
          success: false,
          inner: null,
          message: expect.stringMatching(/^Instance creation failed: .*(checksum|sha)/i) as unknown,
        },
      });
      expect(await instanceFolders()).toEqual(before);
      expect(
        (await t.request('GET', `/instance/${res.json as string}/info`, { token: owner })).status,
      ).toBe(404);
    } finally {
      fixture.faults.corruptJars = false;
    }
  });

  it('a server that exits at once goes to Error with the exit code', async () => {
    const info = await createInstance(
      t,
      owner,
      log,
      'MinecraftJavaVanilla',
      minecraftSetup('Dies', '1.20.4', await freePort(), {
        cmd_args: { value: { type: 'String', value: '-Dfake.crashOnStart=true' } },
      }),
    );
    const error = log.next(isInstanceKind(info.uuid, 'InstanceError'));
    expect((await t.request('PUT', `/instance/${info.uuid}/start`, { token: owner })).status).toBe(
      200,
    );
    expect((await error).event_inner).toMatchObject({
      instance_event_inner: { message: 'Server crashed (exit code 1 while starting)' },
    });
    await log.wait(isState(info.uuid, 'Error'));
    const buffer = (
      await t.request('GET', `/instance/${info.uuid}/console/buffer`, { token: owner })
    ).text;
    expect(buffer).toContain('fake.crashOnStart is set');
  });

  it('a Java command that is not a Java outside the instance folders is refused when set', async () => {
    const info = await createVanilla(t, owner, log, 'Bad java');
    const set = (value: string) =>
      t.request('PUT', `/instance/${info.uuid}/settings/cmd_args_section/java_cmd`, {
        token: owner,
        body: { type: 'String', value },
      });
    const refusals: [string, RegExp][] = [
      ['/nonexistent/bin/java', /is not an executable file/],
      ['/bin/sh', /is not a Java executable/],
      ['sh', /absolute path/],
      [path.join(info.path, 'java'), /inside an instance folder/],
    ];
    for (const [value, reason] of refusals) {
      const res = await set(value);
      expect(res.status, value).toBe(400);
      expect((res.json as ClientError).causes.join(' ')).toMatch(reason);
    }
  });

  it('a Java command that disappeared answers a clear error at start and sets Error', async () => {
    const info = await createVanilla(t, owner, log, 'No java');
    const jdk = await fs.mkdtemp(path.join(os.tmpdir(), 'hearth-gone-java-'));
    const java = path.join(jdk, 'java');
    await fs.writeFile(java, '#!/bin/sh\nexec java "$@"\n', { mode: 0o755 });
    const set = await t.request(
      'PUT',
      `/instance/${info.uuid}/settings/cmd_args_section/java_cmd`,
      { token: owner, body: { type: 'String', value: java } },
    );
    expect(set.status, set.text).toBe(200);
    await fs.rm(jdk, { recursive: true, force: true });
    const res = await t.request('PUT', `/instance/${info.uuid}/start`, { token: owner });
    expect(res.status).toBe(400);
    expect((res.json as ClientError).causes.join(' ')).toMatch(/is not an executable file/);
    await log.wait(isState(info.uuid, 'Error'));
  });
});

describe('generic definitions that do not load', () => {
  it('a URL that 404s or a module that exports garbage is a 400 with the reason, and nothing is created', async () => {
    const before = await instanceFolders();
    const setupValue = { name: 'g', setting_sections: {} };
    const missing = await t.request('POST', '/instance/create_generic', {
      token: owner,
      body: { url: `${fixture.baseUrl}/no/such/definition.ts`, setup_value: setupValue },
    });
    expect(missing.status).toBe(400);
    expect((missing.json as ClientError).causes[0]).toMatch(
      /Could not fetch the generic definition at .*404/,
    );

    const garbage = path.join(scratch, 'garbage.ts');
    await fs.writeFile(garbage, 'export default 42;\n');
    const invalid = await t.request('PUT', '/generic_setup_manifest', {
      token: owner,
      body: { url: pathToFileURL(garbage).href },
    });
    expect(invalid.status).toBe(400);
    expect((invalid.json as ClientError).causes[0]).toMatch(/is invalid/);
    const create = await t.request('POST', '/instance/create_generic', {
      token: owner,
      body: { url: pathToFileURL(garbage).href, setup_value: setupValue },
    });
    expect(create.status).toBe(400);
    expect(await instanceFolders()).toEqual(before);
  });
});
