import { describe, expect, it } from 'vitest';
import { dirEntry, fileEntry } from '../file-fixtures.ts';
import { browserReducer, initialBrowserState, selectedFiles } from './browser-state.ts';
import type { BrowserAction, BrowserState } from './browser-state.ts';

const run = (state: BrowserState, ...actions: BrowserAction[]) =>
  actions.reduce(browserReducer, state);
const props = fileEntry('server.properties');
const world = dirEntry('world');
const level = fileEntry('world/level.dat');

describe('path changes', () => {
  it('clear the selection and the opened file, keep the clipboard', () => {
    const before = run(
      initialBrowserState('I1', '.'),
      { type: 'toggle-selected', path: 'server.properties' },
      { type: 'to-clipboard', action: 'copy', items: [props] },
      { type: 'open-file', file: props },
      { type: 'edit', text: 'changed' },
    );
    const after = browserReducer(before, { type: 'path-changed', path: 'world' });
    expect(after.path).toBe('world');
    expect(after.selected.size).toBe(0);
    expect(after.openFile).toBeNull();
    expect(after.draft).toBeNull();
    expect(after.clipboard?.items).toEqual([props]);
  });

  it('to the same folder change nothing', () => {
    const before = run(initialBrowserState('I1', 'world'), { type: 'open-file', file: level });
    expect(browserReducer(before, { type: 'path-changed', path: './world/' })).toBe(before);
  });

  it('of instance reset the path and clear the clipboard', () => {
    const before = run(initialBrowserState('I1', 'world'), {
      type: 'to-clipboard',
      action: 'cut',
      items: [level],
    });
    const after = browserReducer(before, { type: 'instance-changed', instanceUuid: 'I2' });
    expect(after).toMatchObject({ instanceUuid: 'I2', path: '.', clipboard: null, openFile: null });
  });
});

describe('clipboard rules', () => {
  it('keeps what was cut or copied, and paste clears it', () => {
    const cut = run(initialBrowserState('I1', '.'), {
      type: 'to-clipboard',
      action: 'cut',
      items: [props, world],
    });
    expect(cut.clipboard).toEqual({ action: 'cut', items: [props, world] });
    expect(browserReducer(cut, { type: 'pasted' }).clipboard).toBeNull();
    expect(browserReducer(cut, { type: 'to-clipboard', action: 'copy', items: [] })).toBe(cut);
  });

  it('opening another file discards unsaved edits', () => {
    const edited = run(
      initialBrowserState('I1', '.'),
      { type: 'open-file', file: props },
      { type: 'edit', text: 'x=1' },
    );
    expect(edited.draft).toBe('x=1');
    const other = browserReducer(edited, { type: 'open-file', file: fileEntry('eula.txt') });
    expect(other.openFile?.name).toBe('eula.txt');
    expect(other.draft).toBeNull();
  });

  it('deleting the open file, or a folder holding it, closes it', () => {
    const open = run(
      initialBrowserState('I1', 'world'),
      { type: 'open-file', file: level },
      { type: 'edit', text: 'x' },
    );
    expect(browserReducer(open, { type: 'removed', paths: ['world/other.dat'] }).openFile).toBe(
      level,
    );
    expect(
      browserReducer(open, { type: 'removed', paths: ['world/level.dat'] }).openFile,
    ).toBeNull();
    expect(browserReducer(open, { type: 'removed', paths: ['world'] })).toMatchObject({
      openFile: null,
      draft: null,
    });
    expect(browserReducer(open, { type: 'removed', paths: ['world_nether'] }).openFile).toBe(level);
  });

  it('moving the open file closes it and keeps the clipboard', () => {
    const open = run(
      initialBrowserState('I1', '.'),
      { type: 'open-file', file: props },
      { type: 'to-clipboard', action: 'cut', items: [props] },
    );
    const moved = browserReducer(open, { type: 'moved', from: 'server.properties' });
    expect(moved.openFile).toBeNull();
    expect(moved.clipboard?.items).toEqual([props]);
  });

  it('deleted items leave the selection and the clipboard', () => {
    const state = run(
      initialBrowserState('I1', '.'),
      { type: 'select-all', paths: ['server.properties', 'world'] },
      { type: 'to-clipboard', action: 'copy', items: [props, world] },
      { type: 'removed', paths: ['world'] },
    );
    expect([...state.selected]).toEqual(['server.properties']);
    expect(state.clipboard?.items).toEqual([props]);
    expect(
      browserReducer(state, { type: 'removed', paths: ['server.properties'] }).clipboard,
    ).toBeNull();
  });
});

describe('selection', () => {
  it('toggles, selects all and lists the checked rows in list order', () => {
    let state = run(
      initialBrowserState('I1', '.'),
      { type: 'toggle-selected', path: 'world' },
      { type: 'toggle-selected', path: 'server.properties' },
    );
    expect(selectedFiles(state, [world, props]).map((f) => f.name)).toEqual([
      'world',
      'server.properties',
    ]);
    state = browserReducer(state, { type: 'toggle-selected', path: 'world' });
    expect([...state.selected]).toEqual(['server.properties']);
    expect(browserReducer(state, { type: 'deselect-all' }).selected.size).toBe(0);
  });

  it('edits only while a file is open', () => {
    const state = initialBrowserState('I1', '.');
    expect(browserReducer(state, { type: 'edit', text: 'x' })).toBe(state);
  });
});
