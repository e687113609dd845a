import { describe, expect, it } from 'vitest';
import { dirEntry, fileEntry } from '../file-fixtures.ts';
import { editorLanguage, fileIconKind, fileTimeText, isArchiveFile } from './file-kind.ts';

describe('file kinds', () => {
  it('picks the icon by type and name', () => {
    expect(fileIconKind(dirEntry('world'))).toBe('folder');
    expect(
      fileIconKind(
        fileEntry('.lodestone_config', { file_stem: '.lodestone_config', extension: null }),
      ),
    ).toBe('config');
    expect(fileIconKind(fileEntry('server.properties'))).toBe('file');
  });

  it('offers unzip for zip, gz and tgz files only', () => {
    expect(isArchiveFile(fileEntry('a.zip'))).toBe(true);
    expect(isArchiveFile(fileEntry('a.tar.gz'))).toBe(true);
    expect(isArchiveFile(fileEntry('a.TGZ'))).toBe(true);
    expect(isArchiveFile(fileEntry('a.rar'))).toBe(false);
    expect(isArchiveFile(dirEntry('b.zip'))).toBe(false);
    expect(isArchiveFile(null)).toBe(false);
  });

  it('edits the instance config file as json and .toml as toml', () => {
    expect(
      editorLanguage(
        fileEntry('.lodestone_config', { file_stem: '.lodestone_config', extension: null }),
      ),
    ).toBe('json');
    expect(editorLanguage(fileEntry('config/mod.toml'))).toBe('toml');
    expect(editorLanguage(fileEntry('server.properties'))).toBe('plain');
  });

  it('shows the modified time, else the creation time, else Unknown Creation Time', () => {
    const now = 1_000_000 * 1000;
    expect(fileTimeText({ modification_time: 1_000_000 - 120, creation_time: 5 }, now)).toBe(
      '2 minutes ago',
    );
    expect(
      fileTimeText({ modification_time: null, creation_time: 1_000_000 - 3 * 86400 }, now),
    ).toBe('3 days ago');
    expect(fileTimeText({ modification_time: null, creation_time: null }, now)).toBe(
      'Unknown Creation Time',
    );
  });
});
