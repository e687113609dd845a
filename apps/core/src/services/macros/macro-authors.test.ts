import { execFileSync } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase, type Db } from '../../db/database.ts';
import { DbWrites } from '../../db/db-writes.ts';
import { createLogger } from '../../lib/logger.ts';
import { FileSandbox } from '../../lib/file-sandbox.ts';
import { MacroAuthorRepository } from '../../repositories/macro-author-repository.ts';
import { MacroAuthors, authorshipNote } from './macro-authors.ts';
import { ensureMacrosFolder } from './macro-digest.ts';

const I = 'INSTANCE_i';

let dir: string;
let root: string;
let db: Db;
let authors: MacroAuthors;
let sandbox: FileSandbox;
let written: string[];

const at = (...parts: string[]) => path.join(root, 'macros', ...parts);

async function put(relative: string, text: string): Promise<void> {
  await fs.mkdir(path.dirname(at(relative)), { recursive: true });
  await fs.writeFile(at(relative), text);
}

beforeEach(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'hearth-macro-authors-'));
  root = path.join(dir, 'instance');
  await fs.mkdir(root);
  db = openDatabase(path.join(dir, 'hearth.db'));
  written = [];
  authors = new MacroAuthors({
    repository: new MacroAuthorRepository(db, new DbWrites(createLogger('silent'))),
    onWrite: (_instance, uid) => written.push(uid),
  });
  sandbox = new FileSandbox(root);
});

afterEach(async () => {
  db.close();
  await fs.rm(dir, { recursive: true, force: true });
});

describe('macro authorship', () => {
  it('knows nobody for an instance without macros', async () => {
    expect(await authors.judge(I, sandbox)).toEqual({ authors: [], unknown: [] });
  });

  it('names who wrote each file through the API, and nobody for bytes changed since', async () => {
    await put('greeter/index.ts', 'one');
    await authors.recordWrite(I, sandbox, 'USER_owner', new Set(['greeter/index.ts']));
    await put('lib/util.ts', 'two');
    await authors.recordWrite(I, sandbox, 'USER_bob', new Set(['lib']));
    expect(written).toEqual(['USER_owner', 'USER_bob']);
    expect(await authors.judge(I, sandbox)).toEqual({
      authors: ['USER_owner', 'USER_bob'],
      unknown: [],
    });
    await put('greeter/index.ts', 'changed on disk');
    expect(await authors.judge(I, sandbox)).toEqual({
      authors: ['USER_bob'],
      unknown: ['greeter/index.ts'],
    });
  });

  it('records only what a write touched: a sibling changed on disk stays unknown', async () => {
    await put('greeter/index.ts', 'one');
    await put('greeter/planted.ts', 'planted');
    await authors.recordWrite(I, sandbox, 'USER_owner', new Set(['greeter/index.ts']));
    expect(await authors.judge(I, sandbox)).toEqual({
      authors: ['USER_owner'],
      unknown: ['greeter/planted.ts'],
    });
  });

  it('lets copied bytes keep their authors, and moved unknown bytes stay unknown', async () => {
    await put('bob/index.ts', 'by bob');
    await authors.recordWrite(I, sandbox, 'USER_bob', new Set(['bob']));
    await put('copy/index.ts', 'by bob');
    await authors.recordWrite(I, sandbox, 'USER_owner', new Set(['copy']));
    expect((await authors.judge(I, sandbox)).authors).toEqual(['USER_bob']);

    await put('planted/index.ts', 'planted');
    const unknown = await authors.unknownBytes(I, sandbox);
    await fs.rename(at('planted'), at('moved'));
    await authors.recordWrite(I, sandbox, 'USER_owner', new Set(['planted', 'moved']), unknown);
    expect(await authors.judge(I, sandbox)).toEqual({
      authors: ['USER_bob'],
      unknown: ['moved/index.ts'],
    });
  });

  it('drops the records of files that are gone', async () => {
    await put('a/index.ts', 'a');
    await authors.recordWrite(I, sandbox, 'USER_bob', 'all');
    await fs.rm(at('a'), { recursive: true });
    await authors.recordWrite(I, sandbox, 'USER_owner', new Set(['a']));
    expect(new MacroAuthorRepository(db, new DbWrites(createLogger('silent'))).of(I).size).toBe(0);
  });

  it('cannot vouch for links or FIFOs, and never opens them', async () => {
    await put('a/index.ts', 'a');
    await fs.symlink('/etc/hostname', at('a', 'link.ts'));
    execFileSync('mkfifo', [at('a', 'pipe.ts')]);
    await authors.recordWrite(I, sandbox, 'USER_owner', 'all');
    expect(await authors.judge(I, sandbox)).toEqual({
      authors: ['USER_owner'],
      unknown: ['a/link.ts', 'a/pipe.ts'],
    });
  });

  it('refuses a macros folder that is a link, and makes a missing one a real folder', async () => {
    await ensureMacrosFolder(sandbox);
    expect((await fs.lstat(path.join(root, 'macros'))).isDirectory()).toBe(true);
    await fs.rm(path.join(root, 'macros'), { recursive: true });
    await fs.mkdir(path.join(root, 'world'));
    await fs.symlink('world', path.join(root, 'macros'));
    await expect(authors.judge(I, sandbox)).rejects.toMatchObject({ kind: 'BadRequest' });
    await expect(ensureMacrosFolder(sandbox)).rejects.toMatchObject({ kind: 'BadRequest' });
  });

  it('runs writes and judgements of one instance one at a time', async () => {
    const order: string[] = [];
    let release: () => void = () => undefined;
    const first = authors.exclusive(I, async () => {
      order.push('first starts');
      await new Promise<void>((resolve) => (release = resolve));
      order.push('first ends');
    });
    const second = authors.exclusive(I, async () => {
      order.push('second');
    });
    const other = authors.exclusive('INSTANCE_other', async () => {
      order.push('other instance');
    });
    await other;
    release();
    await Promise.all([first, second]);
    expect(order).toEqual(['first starts', 'other instance', 'first ends', 'second']);
  });
});

describe('authorshipNote', () => {
  it('says whose code bounds the task, and nothing when only the starter wrote it', () => {
    expect(authorshipNote('owner', ['owner'], [])).toBe('');
    expect(authorshipNote('owner', ['owner', 'bob', 'carol'], [])).toBe(
      'Macro code written by bob and carol: the task has only the rights owner, bob and carol all have',
    );
    expect(authorshipNote('owner', [], ['a.ts', 'b.ts', 'c.ts', 'd.ts'])).toBe(
      'macros/a.ts, macros/b.ts, macros/c.ts and 1 more changed outside Hearth: the task has only view and file rights on this instance',
    );
  });
});
