import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, readdir, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';
import { MinecraftError } from './errors.ts';
import {
  deleteProperty,
  getProperty,
  parseProperties,
  propertyEntries,
  readServerProperties,
  renderEntry,
  serializeProperties,
  setProperty,
  writeServerProperties,
} from './server-properties.ts';

const SAMPLE = [
  '#Minecraft server properties',
  '#Mon Jan 01 00:00:00 UTC 2024',
  'enable-jmx-monitoring=false',
  '',
  '# a hand-written comment',
  '  ! another comment style',
  'rcon.port=25575',
  'generator-settings={"a"\\:1}',
  'motd=A Minecraft Server = fun',
  'resource-pack=https\\://example.com/pack.zip?x=1&y=2',
  'level-seed=',
  'spaced   key  =  value with trailing  ',
  'colon:separated',
  'a=b=c',
  'unicode=\\u00A7aGreen',
  'long=first \\',
  '    second',
  'last-without-newline=yes',
].join('\n');

describe('parseProperties / serializeProperties', () => {
  it('round-trips byte for byte', () => {
    expect(serializeProperties(parseProperties(SAMPLE))).toBe(SAMPLE);
    const crlf = SAMPLE.replace(/\n/g, '\r\n') + '\r\n';
    expect(serializeProperties(parseProperties(crlf))).toBe(crlf);
  });

  it('reads values as Properties.load does', () => {
    const doc = parseProperties(SAMPLE);
    expect(getProperty(doc, 'a')).toBe('b=c');
    expect(getProperty(doc, 'motd')).toBe('A Minecraft Server = fun');
    expect(getProperty(doc, 'generator-settings')).toBe('{"a":1}');
    expect(getProperty(doc, 'resource-pack')).toBe('https://example.com/pack.zip?x=1&y=2');
    expect(getProperty(doc, 'level-seed')).toBe('');
    expect(getProperty(doc, 'spaced')).toBe('key  =  value with trailing  ');
    expect(getProperty(doc, 'colon')).toBe('separated');
    expect(getProperty(doc, 'unicode')).toBe('§aGreen');
    expect(getProperty(doc, 'long')).toBe('first second');
    expect(getProperty(doc, 'last-without-newline')).toBe('yes');
    expect(getProperty(doc, '# a hand-written comment')).toBeUndefined();
    expect(propertyEntries(doc).map(([k]) => k)).toEqual([
      'enable-jmx-monitoring',
      'rcon.port',
      'generator-settings',
      'motd',
      'resource-pack',
      'level-seed',
      'spaced',
      'colon',
      'a',
      'unicode',
      'long',
      'last-without-newline',
    ]);
  });

  it('the last duplicate wins, and setProperty edits that one', () => {
    const doc = parseProperties('k=1\nother=x\nk=2\n');
    expect(getProperty(doc, 'k')).toBe('2');
    setProperty(doc, 'k', '3');
    expect(serializeProperties(doc)).toBe('k=1\nother=x\nk=3\n');
  });
});

describe('setProperty', () => {
  it('changes one line in place and keeps comments, order and other values', () => {
    const doc = parseProperties(SAMPLE);
    setProperty(doc, 'rcon.port', '25580');
    setProperty(doc, 'a', 'x=y=z');
    const out = serializeProperties(doc);
    expect(out).toBe(
      SAMPLE.replace('rcon.port=25575', 'rcon.port=25580').replace('a=b=c', 'a=x=y=z'),
    );
    expect(getProperty(parseProperties(out), 'a')).toBe('x=y=z');
  });

  it('leaves the original text alone when the value does not change', () => {
    const doc = parseProperties(SAMPLE);
    setProperty(doc, 'resource-pack', 'https://example.com/pack.zip?x=1&y=2');
    expect(serializeProperties(doc)).toBe(SAMPLE);
  });

  it('appends new keys after a missing final newline, with the file line ending', () => {
    const doc = parseProperties('a=1\r\nb=2');
    setProperty(doc, 'server-port', '25570');
    expect(serializeProperties(doc)).toBe('a=1\r\nb=2\r\nserver-port=25570\r\n');
    const empty = parseProperties('');
    setProperty(empty, 'server-port', '25565');
    expect(serializeProperties(empty)).toBe('server-port=25565\n');
  });

  it('escapes what Properties.load would misread and reads it back unchanged', () => {
    const tricky = ' leading space, back\\slash, line\nbreak, §colour, = and : and # kept';
    const doc = parseProperties('');
    setProperty(doc, 'motd', tricky);
    const text = serializeProperties(doc);
    expect(text).toBe(
      'motd=\\ leading space, back\\\\slash, line\\nbreak, \\u00A7colour, = and : and # kept\n',
    );
    expect(getProperty(parseProperties(text), 'motd')).toBe(tricky);
    expect(renderEntry('we=ird key', 'v')).toBe('we\\=ird\\ key=v');
    expect(getProperty(parseProperties(renderEntry('we=ird key', 'v')), 'we=ird key')).toBe('v');
  });

  it('deleteProperty removes every occurrence', () => {
    const doc = deleteProperty(parseProperties('#c\nk=1\nx=2\nk=3\n'), 'k');
    expect(serializeProperties(doc)).toBe('#c\nx=2\n');
  });
});

describe('readServerProperties / writeServerProperties', () => {
  let dir = '';
  afterEach(async () => {
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('reads a missing file as empty and writes through a temp file', async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'hearth-props-'));
    const file = path.join(dir, 'server.properties');
    expect((await readServerProperties(dir)).lines).toEqual([]);
    await writeFile(file, SAMPLE);
    const doc = await readServerProperties(dir);
    setProperty(doc, 'max-players', '5');
    await writeServerProperties(dir, doc);
    expect(await readFile(file, 'utf8')).toBe(`${SAMPLE}\nmax-players=5\n`);
    expect(await readdir(dir)).toEqual(['server.properties']);
  });

  it('never reads through a link out of the folder, a FIFO or an oversized file', async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'hearth-props-'));
    const instance = path.join(dir, 'instance');
    await mkdir(instance);
    const secret = path.join(dir, 'secret');
    await writeFile(secret, 'root:$6$secret\n');
    const file = path.join(instance, 'server.properties');
    const refusal = async (): Promise<MinecraftError> => {
      const outcome: unknown = await readServerProperties(instance).catch((e: unknown) => e);
      if (!(outcome instanceof MinecraftError)) throw new Error('server.properties was read');
      return outcome;
    };

    await symlink(secret, file);
    const linked = await refusal();
    expect(linked).toBeInstanceOf(MinecraftError);
    expect(linked.kind).toBe('BadRequest');
    expect(linked.causes[0]).toBe('server.properties is not a regular file');
    expect(JSON.stringify(linked.causes)).not.toContain('secret');

    await rm(file);
    await promisify(execFile)('mkfifo', [file]);
    const fifo = await refusal();
    expect(fifo.causes[0]).toBe('server.properties is not a regular file');

    await rm(file);
    await writeFile(file, Buffer.alloc(1024 * 1024 + 1, 'a'));
    expect((await refusal()).causes[0]).toBe('server.properties is too large');

    // A link inside the folder is the folder's own file.
    await rm(file);
    await writeFile(path.join(instance, 'real.properties'), 'motd=inside\n');
    await symlink('real.properties', file);
    expect(getProperty(await readServerProperties(instance), 'motd')).toBe('inside');
  });
});
