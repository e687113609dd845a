// Issue 24 #4: a folder's README is where a reader learns what its files are, so it names every
// one. For each folder under apps/*/src and packages/*/src that has a README.md, every file in
// that folder (not in its sub-folders) except tests is named in it by its file name.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { HEARTH_ROOT } from '../src/lib/core-paths.ts';

const TEST_FILE = /\.(test|spec)\.[cm]?[jt]sx?$/;

function foldersUnder(dir: string): string[] {
  const subfolders = fs
    .readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .flatMap((entry) => foldersUnder(path.join(dir, entry.name)));
  return [dir, ...subfolders];
}

function sourceRoots(): string[] {
  return ['apps', 'packages'].flatMap((group) =>
    fs
      .readdirSync(path.join(HEARTH_ROOT, group), { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => path.join(HEARTH_ROOT, group, entry.name, 'src'))
      .filter((src) => fs.existsSync(src)),
  );
}

/** The file's own name, not the end of a longer name or of a path into another folder. */
const names = (text: string, file: string) =>
  new RegExp(`(^|[^\\w./-])${file.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![\\w-])`).test(text);

/** `folder/file` for each file its README does not name. */
function unnamedFiles(): string[] {
  const missing: string[] = [];
  for (const folder of sourceRoots().flatMap(foldersUnder)) {
    const readme = path.join(folder, 'README.md');
    if (!fs.existsSync(readme)) continue;
    const text = fs.readFileSync(readme, 'utf8');
    for (const entry of fs.readdirSync(folder, { withFileTypes: true })) {
      if (!entry.isFile() || entry.name === 'README.md' || TEST_FILE.test(entry.name)) continue;
      if (!names(text, entry.name))
        missing.push(path.relative(HEARTH_ROOT, path.join(folder, entry.name)));
    }
  }
  return missing.sort();
}

describe('folder READMEs', () => {
  it('name every file of their folder', () => {
    expect(sourceRoots().length).toBeGreaterThanOrEqual(3);
    expect(unnamedFiles()).toEqual([]);
  });
});
