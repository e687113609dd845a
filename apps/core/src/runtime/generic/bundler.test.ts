import { readdirSync, readFileSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bundleDefinition } from './bundler.ts';

/** This process's children whose command name starts with `name`. */
function childrenNamed(name: string): number[] {
  const found: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const comm = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (ppid === process.pid && comm.startsWith(name)) found.push(Number(entry));
    } catch {
      // gone meanwhile
    }
  }
  return found;
}

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'hearth-bundler-'));
  await writeFile(path.join(dir, 'def.ts'), 'export default { answer: 42 as number };\n');
});
afterAll(() => rm(dir, { recursive: true, force: true }));

describe('bundleDefinition', () => {
  it("stops esbuild's helper process once idle, and starts it again for the next bundle", async () => {
    const url = pathToFileURL(path.join(dir, 'def.ts')).href;
    const code = await bundleDefinition(url, { fetchTimeoutMs: 5000, idleMs: 20 });
    expect(code).toContain('42');
    for (let i = 0; i < 200 && childrenNamed('esbuild').length > 0; i++)
      await new Promise((r) => setTimeout(r, 25));
    expect(childrenNamed('esbuild')).toEqual([]);
    const again = await bundleDefinition(url, { fetchTimeoutMs: 5000, idleMs: 20 });
    expect(again).toContain('42');
  });
});
