// Issue 15 #8: the name dialog's caret jumped to position 0 after an error (typing `x` after
// `world` gave `xworld`), the list kept the old size and time after Save, and Hearth's own files
// sat among the game's. (The size column at 200 px is measured in Chromium: e2e/tests/newcomer.spec.ts.)
import { act, screen, waitFor, within } from '@testing-library/react';
import { EditorView } from '@codemirror/view';
import { describe, expect, it } from 'vitest';
import { apiPaths } from '@hearth/protocol';
import { dirEntry, fileEntry } from '../file-fixtures.ts';
import {
  UUID,
  checkboxOf,
  setUpFilesTabSuite,
  ls,
  read,
  renderFiles,
  route,
  rowNames,
  rowOf,
} from '../files-test-harness.tsx';

setUpFilesTabSuite();

describe('the name dialog after a server error', () => {
  it('keeps the caret where the user was typing', async () => {
    const { user } = renderFiles({
      routes: {
        [ls('.')]: { body: [dirEntry('world')] },
        [route('PUT', apiPaths.fsMkdir(UUID, 'world'))]: {
          status: 400,
          body: { kind: 'BadRequest', causes: ['Directory already exists'] },
        },
        [route('PUT', apiPaths.fsMkdir(UUID, 'worldx'))]: { body: null },
      },
    });
    await screen.findByRole('button', { name: 'world' });
    await user.click(screen.getByRole('button', { name: 'Add/Remove' }));
    await user.click(await screen.findByRole('menuitem', { name: 'New folder' }));
    const dialog = await screen.findByRole('dialog', { name: 'Name your folder' });
    const name = within(dialog).getByRole('textbox', { name: 'Name' });
    await user.type(name, 'world{Enter}');
    await within(dialog).findByText('Bad Request: Directory already exists');
    // Focus comes back to the field (the browser does so when the error re-renders it).
    act(() => {
      name.blur();
      name.focus();
    });
    await user.keyboard('x');
    expect(name).toHaveValue('worldx');
  });

  it('still selects the stem of an existing name when renaming', async () => {
    const { user } = renderFiles({ routes: { [ls('.')]: { body: [fileEntry('notes.txt')] } } });
    await screen.findByRole('button', { name: 'notes.txt' });
    await user.pointer({ keys: '[MouseRight]', target: rowOf('notes.txt') });
    await user.click(await screen.findByRole('menuitem', { name: 'Rename' }));
    const dialog = await screen.findByRole('dialog', { name: 'Rename file' });
    await user.keyboard('todo');
    expect(within(dialog).getByRole('textbox', { name: 'Name' })).toHaveValue('todo.txt');
  });
});

describe('after Save', () => {
  it('lists the folder again, so the size and time are the new ones', async () => {
    let size = 10;
    const { user, network } = renderFiles({
      routes: {
        [ls('.')]: () => ({ body: [fileEntry('server.properties', { size })] }),
        [read('server.properties')]: { raw: 'motd=hello' },
        [route('PUT', apiPaths.fsWrite(UUID, 'server.properties'))]: () => {
          size = 4096;
          return { body: null };
        },
      },
    });
    await user.click(await screen.findByRole('button', { name: 'server.properties' }));
    expect(rowOf('server.properties')).toHaveTextContent('10 B');
    const content = await screen.findByRole('textbox', { name: 'Contents of server.properties' });
    const view = EditorView.findFromDOM(content)!;
    act(() => view.dispatch({ changes: { from: view.state.doc.length, insert: '\npvp=false' } }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(network.callsTo('GET', apiPaths.fsLs(UUID, '.'))).toHaveLength(2));
    await waitFor(() => expect(rowOf('server.properties')).toHaveTextContent('4 KB'));
  });
});

describe("Hearth's own files", () => {
  const ROOT = [
    dirEntry('world'),
    fileEntry('.lodestone_config', { file_stem: '.lodestone_config', extension: null }),
    fileEntry('.lodestone_minecraft_config.json'),
    fileEntry('server.properties'),
  ];

  it('are hidden by default, out of select-all, and marked when shown (remembered)', async () => {
    const first = renderFiles({ routes: { [ls('.')]: { body: ROOT } } });
    await waitFor(() => expect(rowNames()).toEqual(['world', 'server.properties']));
    expect(screen.getByText('2 Hearth files hidden')).toBeInTheDocument();
    await first.user.click(checkboxOf('world'));
    await first.user.click(screen.getByRole('button', { name: 'Add/Remove' }));
    await first.user.click(await screen.findByRole('menuitem', { name: 'Select all' }));
    expect(await screen.findByText('2 items selected')).toBeInTheDocument();

    await first.user.click(screen.getByRole('button', { name: 'Show Hearth files' }));
    await waitFor(() => expect(rowNames()).toHaveLength(4));
    const marked = rowOf('.lodestone_config');
    expect(within(marked).getByText('Hearth')).toHaveAttribute(
      'title',
      'Written by Hearth for Lodestone compatibility; Hearth never reads it back',
    );
    expect(within(rowOf('server.properties')).queryByText('Hearth')).not.toBeInTheDocument();
    first.unmount();

    renderFiles({ routes: { [ls('.')]: { body: ROOT } } });
    await waitFor(() => expect(rowNames()).toHaveLength(4));
    expect(screen.getByRole('button', { name: 'Hide Hearth files' })).toBeInTheDocument();
  });

  it('shows no bar in a folder without them', async () => {
    renderFiles({ routes: { [ls('.')]: { body: [fileEntry('server.properties')] } } });
    await waitFor(() => expect(rowNames()).toEqual(['server.properties']));
    expect(screen.queryByRole('button', { name: /Hearth files/ })).not.toBeInTheDocument();
  });
});
