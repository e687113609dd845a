import { describe, expect, it } from 'vitest';
import { checkEntry, decideImport, homeOf, RefusedImport } from './import-policy.ts';

const httpHome = homeOf(new URL('http://defs.example:8080/games/squid/main.ts#x'));
const fileHome = homeOf(new URL('file:///srv/defs/squid/main.ts'));
const httpEntry = 'http://defs.example:8080/games/squid/main.ts';
const fileEntry = '/srv/defs/squid/main.ts';

function refusal(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(RefusedImport);
    return (error as Error).message;
  }
  throw new Error('the import was allowed');
}

describe('decideImport', () => {
  it("allows an http definition's own modules, at the same or a deeper path of its origin", () => {
    expect(decideImport('./lib/a.ts', httpEntry, httpHome)).toEqual({
      kind: 'own',
      location: 'http://defs.example:8080/games/squid/lib/a.ts',
      loader: 'ts',
    });
    expect(
      decideImport('../b.json', 'http://defs.example:8080/games/squid/lib/a.ts', httpHome),
    ).toMatchObject({ location: 'http://defs.example:8080/games/squid/b.json', loader: 'json' });
    expect(decideImport('http://defs.example:8080/games/squid/c.mjs', httpEntry, httpHome)).toEqual(
      { kind: 'own', location: 'http://defs.example:8080/games/squid/c.mjs', loader: 'js' },
    );
    expect(decideImport('./raw', httpEntry, httpHome)).toMatchObject({ loader: 'ts' });
  });

  it('refuses what leaves the URL folder or the origin', () => {
    for (const specifier of [
      '../other/x.ts',
      './%2e%2e/%2e%2e/x.ts',
      'http://defs.example:8080/games/x.ts',
      'http://defs.example:9090/games/squid/x.ts',
      'https://defs.example:8080/games/squid/x.ts',
      'http://user:pw@defs.example:8080/games/squid/x.ts',
      'http://elsewhere.example/x.ts',
    ]) {
      expect(
        refusal(() => decideImport(specifier, httpEntry, httpHome)),
        specifier,
      ).toMatch(/own (folder|modules)/);
    }
  });

  it("allows a file definition's own files only, by relative paths", () => {
    expect(decideImport('./lib/../b.ts', fileEntry, fileHome)).toEqual({
      kind: 'own',
      location: '/srv/defs/squid/b.ts',
      loader: 'ts',
    });
    expect(refusal(() => decideImport('../x.ts', fileEntry, fileHome))).toMatch(/own folder/);
    expect(refusal(() => decideImport('./a/../../x.ts', fileEntry, fileHome))).toMatch(
      /own folder/,
    );
    expect(refusal(() => decideImport('.', fileEntry, fileHome))).toMatch(/package name/);
    expect(
      refusal(() => decideImport('http://defs.example/squid/x.ts', fileEntry, fileHome)),
    ).toMatch(/own modules/);
  });

  it('refuses host paths and other schemes for every definition', () => {
    for (const home of [httpHome, fileHome]) {
      const entry = home.kind === 'http' ? httpEntry : fileEntry;
      for (const specifier of ['/etc/shadow', 'file:///etc/shadow', 'FILE:///etc/shadow'])
        expect(refusal(() => decideImport(specifier, entry, home))).toMatch(/host paths/);
      expect(refusal(() => decideImport('data:text/javascript,1', entry, home))).toMatch(
        /data: URLs/,
      );
      expect(refusal(() => decideImport('C:/x.ts', entry, home))).toMatch(/c: URLs/);
      expect(refusal(() => decideImport('./a\\..\\..\\x.ts', entry, home))).toMatch(/backslash/);
      expect(refusal(() => decideImport('./a\0.ts', entry, home))).toMatch(/NUL/);
    }
  });

  it('keeps builtins and allow-listed packages external, and nothing else', () => {
    expect(decideImport('node:fs/promises', fileEntry, fileHome)).toEqual({ kind: 'builtin' });
    expect(decideImport('path', fileEntry, fileHome)).toEqual({ kind: 'builtin' });
    expect(decideImport('zod', httpEntry, httpHome)).toEqual({ kind: 'package', name: 'zod' });
    expect(decideImport('flying-squid/src/lib/version.js', fileEntry, fileHome)).toEqual({
      kind: 'package',
      name: 'flying-squid',
    });
    expect(refusal(() => decideImport('node:nope', fileEntry, fileHome))).toMatch(/builtin/);
    expect(refusal(() => decideImport('better-sqlite3', fileEntry, fileHome))).toMatch(
      /"better-sqlite3" is not a package definitions may import \(allowed: flying-squid, zod\)/,
    );
    expect(refusal(() => decideImport('@hearth/protocol', fileEntry, fileHome))).toMatch(
      /not a package/,
    );
    for (const specifier of ['zod/../../x.json', 'zod/./x', 'zod//x', '#secret', 'Zod', '.bin'])
      expect(
        refusal(() => decideImport(specifier, fileEntry, fileHome)),
        specifier,
      ).toMatch(/package name/);
  });

  it('lets import attributes choose json or bytes for own files only', () => {
    expect(decideImport('./icon.png', fileEntry, fileHome, { type: 'bytes' })).toMatchObject({
      loader: 'binary',
    });
    expect(decideImport('./data', httpEntry, httpHome, { type: 'json' })).toMatchObject({
      loader: 'json',
    });
    expect(refusal(() => decideImport('./a.txt', fileEntry, fileHome, { type: 'text' }))).toMatch(
      /type: 'text' is not supported/,
    );
    expect(refusal(() => decideImport('./a.ts', fileEntry, fileHome, { type: 'file' }))).toMatch(
      /not supported/,
    );
    expect(refusal(() => decideImport('zod', fileEntry, fileHome, { type: 'json' }))).toMatch(
      /only for the definition's own files/,
    );
    expect(refusal(() => decideImport('node:fs', fileEntry, fileHome, { type: 'json' }))).toMatch(
      /only for the definition's own files/,
    );
  });

  it("never hands a file to one of esbuild's inlining loaders by its extension", () => {
    for (const name of ['./a.txt', './a.node', './a.png', './a.css', './a.db', './a'])
      expect(
        refusal(() => decideImport(name, fileEntry, fileHome)),
        name,
      ).toMatch(/only JavaScript, TypeScript and JSON modules/);
  });
});

describe('checkEntry', () => {
  it('takes a JavaScript or TypeScript module as the entry, nothing else', () => {
    expect(checkEntry(fileHome)).toBe('ts');
    expect(checkEntry(homeOf(new URL('https://x.example/def')))).toBe('ts');
    for (const url of ['file:///etc/shadow', 'file:///srv/a.json', 'https://x.example/a.txt'])
      expect(
        refusal(() => checkEntry(homeOf(new URL(url)))),
        url,
      ).toMatch(/JavaScript or TypeScript module/);
  });
});
