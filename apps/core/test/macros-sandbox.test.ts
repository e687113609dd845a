import fs from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { z } from 'zod';
import { afterAll, describe, expect, it } from 'vitest';
import { MacroEntrySchema, type InstanceInfo } from '@hearth/protocol';
import {
  createEchoInstance,
  runMacro,
  stoppedOf,
  useMacroCore,
  writeMacro,
  type MacroEnv,
} from './macros-helpers.ts';

let env: MacroEnv;
let inst: InstanceInfo;
let other: InstanceInfo;
let server: http.Server;
let serverPort = 0;
let hits = 0;

useMacroCore(async (opened) => {
  env = opened;
  // A comma in the folder name: Deno splits permission lists on commas, so this must still work.
  inst = await createEchoInstance(env, 'Sandboxed, with a comma');
  other = await createEchoInstance(env, 'Neighbour');
  await fs.writeFile(path.join(other.path, 'secret.txt'), 'neighbour secret');
  server = http.createServer((_req, res) => {
    hits++;
    res.end('reached');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  serverPort = (server.address() as AddressInfo).port;
});

afterAll(async () => {
  await new Promise((resolve) => server?.close(resolve));
});

function rawPut(route: string): Promise<{ status: number; text: string }> {
  const { port } = new URL(env.t.origin);
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        method: 'PUT',
        path: route,
        headers: { authorization: `Bearer ${env.owner}`, 'content-type': 'application/json' },
      },
      (res) => {
        let text = '';
        res.on('data', (c: Buffer) => (text += c.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
      },
    );
    req.once('error', reject);
    req.end('[]');
  });
}

/** A macro that tries each thing and writes what happened to result.json in its own folder. */
function prober(attempts: Record<string, string>): string {
  const body = Object.entries(attempts)
    .map(
      ([name, code]) =>
        `try { ${code}; result[${JSON.stringify(name)}] = 'allowed'; } catch (e) { result[${JSON.stringify(name)}] = (e as Error).name + ': ' + (e as Error).message; }`,
    )
    .join('\n');
  return `const result: Record<string, string> = {};\n${body}\nawait Deno.writeTextFile('result.json', JSON.stringify(result));\n`;
}

describe('what a macro may touch', () => {
  it('reads and writes only its instance folder, reaches only the core, has no env or subprocess', async () => {
    const db = path.join(env.t.dataDir, 'hearth.db');
    await writeMacro(
      inst.path,
      'probe',
      prober({
        ownRead: `await Deno.readTextFile('macros/probe/index.ts')`,
        ownWriteAbsolute: `await Deno.writeTextFile(${JSON.stringify(path.join(inst.path, 'mine.txt'))}, 'x')`,
        coreDatabase: `await Deno.readFile(${JSON.stringify(db)})`,
        coreDatabaseWrite: `await Deno.writeTextFile(${JSON.stringify(db)}, 'x')`,
        otherInstance: `await Deno.readTextFile(${JSON.stringify(path.join(other.path, 'secret.txt'))})`,
        etcPasswd: `await Deno.readTextFile('/etc/passwd')`,
        parentEscape: `await Deno.readTextFile('../../hearth.db')`,
        otherPort: `await fetch('http://127.0.0.1:${serverPort}/')`,
        corePort: `await fetch(${JSON.stringify(`${env.t.api}/info`)})`,
        env: `Deno.env.get('HOME')`,
        subprocess: `new Deno.Command('/bin/sh', { args: ['-c', 'true'] }).outputSync()`,
        symlink: `Deno.symlinkSync('/etc', 'etc-link')`,
      }),
    );
    const pid = await runMacro(env, inst.uuid, 'probe');
    expect(await stoppedOf(env, pid)).toMatchObject({ type: 'Success' });
    const result = JSON.parse(
      await fs.readFile(path.join(inst.path, 'result.json'), 'utf8'),
    ) as Record<string, string>;
    expect(result.ownRead).toBe('allowed');
    expect(result.ownWriteAbsolute).toBe('allowed');
    expect(result.corePort).toBe('allowed');
    for (const refused of ['coreDatabase', 'otherInstance', 'etcPasswd', 'parentEscape'])
      expect(result[refused], refused).toMatch(/^NotCapable: Requires read access/);
    expect(result.coreDatabaseWrite).toMatch(/^NotCapable: Requires write access/);
    expect(result.otherPort).toMatch(/^NotCapable: Requires net access/);
    expect(result.env).toMatch(/^NotCapable: Requires env access/);
    expect(result.subprocess).toMatch(/^NotCapable: Requires run access/);
    expect(result.symlink).toMatch(/^NotCapable/);
    expect(hits).toBe(0);
    expect(await fs.readFile(path.join(other.path, 'secret.txt'), 'utf8')).toBe('neighbour secret');
  });

  it('refuses macro names with a separator, dot-dot or NUL', async () => {
    for (const name of ['..%2Fother', '..', 'a%00b', 'a%5Cb']) {
      // node:http, not fetch: a URL parser would collapse `..` before it reached the core.
      const res = await rawPut(`/api/v1/instance/${inst.uuid}/macro/run/${name}`);
      expect(res.status, name).toBe(400);
      expect((JSON.parse(res.text) as { causes: string[] }).causes[0]).toBe('Invalid macro name');
    }
  });

  it('refuses a macro folder or file that is a symbolic link out of the instance', async () => {
    await writeMacro(other.path, 'theirs', 'await Deno.writeTextFile("pwned.txt", "x");');
    await fs.symlink(
      path.join(other.path, 'macros', 'theirs'),
      path.join(inst.path, 'macros', 'linked'),
    );
    await fs.symlink(
      path.join(other.path, 'macros', 'theirs', 'index.ts'),
      path.join(inst.path, 'macros', 'linked-file.ts'),
    );
    for (const name of ['linked', 'linked-file']) {
      const res = await env.t.request('PUT', `/instance/${inst.uuid}/macro/run/${name}`, {
        token: env.owner,
        body: [],
      });
      expect(res.status, name).toBe(403);
      const config = await env.t.request('GET', `/instance/${inst.uuid}/macro/config/get/${name}`, {
        token: env.owner,
      });
      expect(config.status, name).toBe(403);
    }
    const list = z
      .array(MacroEntrySchema)
      .parse(
        (await env.t.request('GET', `/instance/${inst.uuid}/macro/list`, { token: env.owner }))
          .json,
      );
    expect(list.map((m) => m.name)).toEqual(['probe']);
    await expect(fs.stat(path.join(inst.path, 'pwned.txt'))).rejects.toThrow();
    await expect(fs.stat(path.join(other.path, 'pwned.txt'))).rejects.toThrow();
  });
});
