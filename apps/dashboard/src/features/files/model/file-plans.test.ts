import { describe, expect, it } from 'vitest';
import { dirEntry, fileEntry } from '../file-fixtures.ts';
import { contextMenuEntries, contextMenuSize, unzipModeOf } from './context-menu-model.ts';
import { menuTargets, planPaste, planZip } from './file-plans.ts';

const props = fileEntry('server.properties');
const level = fileEntry('world/level.dat');
const world = dirEntry('world');
const backup = fileEntry('backup.zip');

describe('paste', () => {
  it('moves cut items into the folder, skipping items already there', () => {
    expect(planPaste({ action: 'cut', items: [level, props] }, '.')).toEqual({
      kind: 'move',
      moves: [{ item: level, from: 'world/level.dat', to: 'level.dat' }],
    });
    expect(planPaste({ action: 'cut', items: [props] }, 'world')).toEqual({
      kind: 'move',
      moves: [{ item: props, from: 'server.properties', to: 'world/server.properties' }],
    });
  });

  it('copies copied items with one recursive copy', () => {
    expect(planPaste({ action: 'copy', items: [world, props] }, 'plugins')).toEqual({
      kind: 'copy',
      request: {
        relative_paths_source: ['world', 'server.properties'],
        relative_path_dest: 'plugins',
      },
    });
  });
});

describe('zip', () => {
  it('names the archive after a single item, else archive.zip', () => {
    expect(planZip([world], '.')).toEqual({
      target_relative_paths: ['world'],
      destination_relative_path: 'world.zip',
    });
    expect(planZip([level], 'world').destination_relative_path).toBe('world/level.zip');
    expect(planZip([world, props], '.').destination_relative_path).toBe('archive.zip');
  });
});

describe('context menu', () => {
  it('acts on the selection when the row is part of it, else on the row', () => {
    expect(menuTargets(props, [world, props])).toEqual([world, props]);
    expect(menuTargets(level, [world, props])).toEqual([level]);
    expect(menuTargets(null, [world])).toEqual([world]);
  });

  it('maps the unzip entries to their modes', () => {
    expect(unzipModeOf('unzip:Smart')).toBe('Smart');
    expect(unzipModeOf('unzip:ToDirectoryWithFileName')).toBe('ToDirectoryWithFileName');
    expect(unzipModeOf('zip')).toBeNull();
  });

  it('is 176x259, or 176x337 on an archive', () => {
    expect(contextMenuSize(props)).toEqual({ width: 176, height: 259 });
    expect(contextMenuSize(null)).toEqual({ width: 176, height: 259 });
    expect(contextMenuSize(world)).toEqual({ width: 176, height: 259 });
    expect(contextMenuSize(backup)).toEqual({ width: 176, height: 337 });
  });

  it('lists the spec entries in order, the unzip ones only for archives', () => {
    const labels = (target = props) =>
      contextMenuEntries({ target, targets: [target], clipboardCount: 0, canWrite: true }).map(
        (e) => e.label,
      );
    expect(labels()).toEqual([
      'Copy',
      'Cut',
      'Paste',
      'Rename',
      'Delete',
      'Zip',
      'New folder',
      'New file',
    ]);
    expect(labels(backup)).toEqual([
      'Copy',
      'Cut',
      'Paste',
      'Rename',
      'Delete',
      'Zip',
      'Unzip here',
      'Unzip here (smart)',
      'Unzip to backup',
      'New folder',
      'New file',
    ]);
  });

  it('disables what has nothing to act on, and every write entry without permission', () => {
    const empty = contextMenuEntries({
      target: null,
      targets: [],
      clipboardCount: 0,
      canWrite: true,
    });
    const disabled = (entries: typeof empty) =>
      entries.filter((e) => e.disabled).map((e) => e.label);
    expect(disabled(empty)).toEqual(['Copy', 'Cut', 'Paste', 'Rename', 'Delete', 'Zip']);
    const two = contextMenuEntries({
      target: props,
      targets: [props, world],
      clipboardCount: 2,
      canWrite: true,
    });
    expect(disabled(two)).toEqual(['Rename']);
    const readOnly = contextMenuEntries({
      target: backup,
      targets: [backup],
      clipboardCount: 1,
      canWrite: false,
    });
    expect(disabled(readOnly)).toEqual(readOnly.filter((e) => e.id !== 'copy').map((e) => e.label));
    expect(readOnly.find((e) => e.id === 'cut')?.hint).toBe('No permission');
  });
});
