import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { startTestCore, type TestCore } from './helpers.ts';
import { EventLog, createGenericInstance, writeNodeGameDefinition } from './instance-helpers.ts';

let t: TestCore | null = null;
afterEach(async () => {
  await t?.close();
  t = null;
});

it('lets several generic instances that listen on no port (port 0) coexist', async () => {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'hearth-portless-'));
  const url = await writeNodeGameDefinition(path.join(dir, 'definition.mjs'), {
    name: 'portless',
    displayName: 'Portless',
    port: 0,
    script: '',
  });
  t = await startTestCore();
  const owner = await t.setupOwner();
  const log = await EventLog.open(t, owner);
  for (const name of ['One', 'Two']) await createGenericInstance(t, owner, log, url, name);
  expect((await t.request('GET', '/check/port/0')).json).toMatchObject({ is_allocated: false });
  log.close();
  await fs.rm(dir, { recursive: true, force: true });
});
