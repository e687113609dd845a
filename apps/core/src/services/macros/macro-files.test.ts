import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CoreError } from '../../errors.ts';
import { parseConfigDeclaration } from '../../runtime/macros/config-declaration.ts';
import { MacroConfigStore, configResponse } from './config-store.ts';
import { MacroFiles, validateMacroName } from './macro-files.ts';

let root: string;
let instance: string;
let outside: string;

beforeEach(async () => {
  root = await fs.mkdtemp(path.join(os.tmpdir(), 'hearth-macro-files-'));
  instance = path.join(root, 'instance');
  outside = path.join(root, 'outside');
  await fs.mkdir(path.join(instance, 'macros'), { recursive: true });
  await fs.mkdir(outside);
});

afterEach(async () => {
  await fs.rm(root, { recursive: true, force: true });
});

const write = async (rel: string, text: string) => {
  await fs.mkdir(path.dirname(path.join(instance, rel)), { recursive: true });
  await fs.writeFile(path.join(instance, rel), text);
};

const kindOf = async (p: Promise<unknown>) => {
  try {
    await p;
    return 'ok';
  } catch (err) {
    return err instanceof CoreError ? err.kind : String(err);
  }
};

describe('validateMacroName', () => {
  it.each(['a/b', 'a\\b', '..', '.', '', 'a\0b', 'tab\there', 'x'.repeat(201)])(
    'refuses %j',
    (name) => {
      expect(() => validateMacroName(name)).toThrow('Invalid macro name');
    },
  );
  it.each(['backup', 'auto backup', 'ünïcode', 'a.b'])('accepts %j', (name) => {
    expect(validateMacroName(name)).toBe(name);
  });
});

describe('MacroFiles', () => {
  it('lists folder macros with index.ts or index.js only, sorted, and nothing when macros/ is missing', async () => {
    await write('macros/b/index.js', '');
    await write('macros/a/index.ts', '');
    await write('macros/empty/readme.txt', '');
    await write('macros/loose.ts', '');
    const list = await new MacroFiles(instance).list();
    expect(list.map((m) => m.name)).toEqual(['a', 'b']);
    await fs.rm(path.join(instance, 'macros'), { recursive: true });
    expect(await new MacroFiles(instance).list()).toEqual([]);
  });

  it('resolves <name>.ts before <name>/index.ts, as the reference does', async () => {
    await write('macros/x.ts', 'file');
    await write('macros/x/index.ts', 'folder');
    const files = new MacroFiles(instance);
    const x = await files.resolve('x');
    expect(await files.readSource(x)).toBe('file');
    expect(x.listedPath).toBe(path.join(instance, 'macros', 'x'));
    expect(await kindOf(files.resolve('missing'))).toBe('NotFound');
  });

  it('refuses symbolic links that leave the instance, and skips them when listing', async () => {
    await fs.mkdir(path.join(outside, 'm'));
    await fs.writeFile(path.join(outside, 'm', 'index.ts'), 'outside');
    await fs.symlink(path.join(outside, 'm'), path.join(instance, 'macros', 'folder-link'));
    await fs.symlink(
      path.join(outside, 'm', 'index.ts'),
      path.join(instance, 'macros', 'file-link.ts'),
    );
    await write('macros/inner/index.ts', 'inner');
    await fs.symlink(
      path.join(instance, 'macros', 'inner'),
      path.join(instance, 'macros', 'alias'),
    );
    const files = new MacroFiles(instance);
    expect(await kindOf(files.resolve('folder-link'))).toBe('PermissionDenied');
    expect(await kindOf(files.resolve('file-link'))).toBe('PermissionDenied');
    expect((await files.list()).map((m) => m.name)).toEqual(['alias', 'inner']);
    expect(await files.readSource(await files.resolve('alias'))).toBe('inner');
  });

  it('refuses a macros folder that is a link out of the instance', async () => {
    await fs.rm(path.join(instance, 'macros'), { recursive: true });
    await fs.symlink(outside, path.join(instance, 'macros'));
    expect(await kindOf(new MacroFiles(instance).list())).toBe('PermissionDenied');
  });
});

describe('MacroConfigStore', () => {
  const declaration = parseConfigDeclaration(
    `class LodestoneConfig {\n  n: number = 1;\n  mode: 'a' | 'b' = 'a';\n  note?: string;\n}\ndeclare const cfg: LodestoneConfig;`,
  )!;

  it('writes what the declaration allows and reads it back', async () => {
    await write('macros/m/index.ts', '');
    const store = new MacroConfigStore(new MacroFiles(instance));
    const body = configResponse(declaration, null).config;
    body.n!.value = { type: 'Float', value: 2.5 };
    await store.write('m', declaration, body);
    expect(await store.read('m', declaration)).toEqual({
      status: 'ok',
      values: { n: { type: 'Float', value: 2.5 }, mode: { type: 'Enum', value: 'a' }, note: null },
    });
    const leftovers = (await fs.readdir(path.join(instance, 'macros', 'm'))).sort();
    expect(leftovers).toEqual(['index.ts', 'm_config.json']);
  });

  it('refuses bodies that do not match: missing fields, other types, bad values, null for required', async () => {
    const store = new MacroConfigStore(new MacroFiles(instance));
    const good = () => structuredClone(configResponse(declaration, null).config);
    const cases = [
      (() => {
        const b = good();
        delete b.note;
        return b;
      })(),
      (() => {
        const b = good();
        b.n!.value_type = { type: 'String', regex: null };
        b.n!.value = { type: 'String', value: '1' };
        return b;
      })(),
      (() => {
        const b = good();
        b.mode!.value = { type: 'Enum', value: 'c' };
        return b;
      })(),
      (() => {
        const b = good();
        b.n!.value = null;
        return b;
      })(),
      { ...good(), extra: good().n! },
    ];
    for (const body of cases)
      expect(await kindOf(store.write('m', declaration, body))).toBe('BadRequest');
    expect(await store.read('m', declaration)).toEqual({ status: 'missing' });
  });

  it('treats a tampered, unreadable or linked config file as a mismatch', async () => {
    const store = new MacroConfigStore(new MacroFiles(instance));
    const file = path.join(instance, 'macros', 'm', 'm_config.json');
    await write('macros/m/index.ts', '');
    for (const text of ['not json', '[]', '{"n": {"setting_id": "cfg|n", "value": null}}']) {
      await fs.writeFile(file, text);
      expect(await store.read('m', declaration)).toEqual({ status: 'mismatch' });
    }
    await fs.rm(file);
    await fs.writeFile(path.join(outside, 'c.json'), '{}');
    await fs.symlink(path.join(outside, 'c.json'), file);
    expect(await store.read('m', declaration)).toEqual({ status: 'mismatch' });
  });
});
