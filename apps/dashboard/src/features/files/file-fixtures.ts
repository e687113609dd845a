import type { ClientFile } from '@hearth/protocol';

// ClientFile values for tests, shaped like the core's ls answers.

function split(name: string): { stem: string; extension: string | null } {
  const dot = name.lastIndexOf('.');
  if (dot <= 0) return { stem: name, extension: null };
  return { stem: name.slice(0, dot), extension: name.slice(dot + 1) };
}

export function fileEntry(path: string, overrides: Partial<ClientFile> = {}): ClientFile {
  const name = path.split('/').at(-1) ?? path;
  const { stem, extension } = split(name);
  return {
    name,
    file_stem: stem,
    extension,
    path,
    size: 1234,
    creation_time: null,
    modification_time: 1_718_900_000,
    file_type: 'File',
    ...overrides,
  };
}

export function dirEntry(path: string, overrides: Partial<ClientFile> = {}): ClientFile {
  const name = path.split('/').at(-1) ?? path;
  return fileEntry(path, {
    name,
    file_stem: name,
    extension: null,
    size: null,
    file_type: 'Directory',
    ...overrides,
  });
}
