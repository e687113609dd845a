import { describe, expect, it } from 'vitest';
import {
  isRootPath,
  isSameOrInside,
  joinPath,
  normalizeDirPath,
  parentPath,
  pathCrumbs,
} from './file-path.ts';

describe('file paths', () => {
  it('reads the path parameter with the root as default', () => {
    expect(normalizeDirPath(null)).toBe('.');
    expect(normalizeDirPath('')).toBe('.');
    expect(normalizeDirPath('/')).toBe('.');
    expect(normalizeDirPath('./world//region/')).toBe('world/region');
    expect(isRootPath('.')).toBe(true);
    expect(isRootPath('world')).toBe(false);
  });

  it('joins and splits', () => {
    expect(joinPath('.', 'a.txt')).toBe('a.txt');
    expect(joinPath('world', 'level.dat')).toBe('world/level.dat');
    expect(parentPath('world/region/r.0.0.mca')).toBe('world/region');
    expect(parentPath('world')).toBe('.');
  });

  it('knows what lies inside a folder (not a sibling with the same prefix)', () => {
    expect(isSameOrInside('world/region', 'world')).toBe(true);
    expect(isSameOrInside('world', 'world')).toBe(true);
    expect(isSameOrInside('world_nether/x', 'world')).toBe(false);
    expect(isSameOrInside('anything', '.')).toBe(true);
  });

  it('builds breadcrumbs from the root down', () => {
    expect(pathCrumbs('.')).toEqual([]);
    expect(pathCrumbs('world/region')).toEqual([
      { name: 'world', path: 'world' },
      { name: 'region', path: 'world/region' },
    ]);
  });
});
