import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { EditorView } from '@codemirror/view';
import { describe, expect, it } from 'vitest';
import { apiPaths } from '@hearth/protocol';
import { fileEntry } from '../file-fixtures.ts';
import { setUpFilesTabSuite, ls, read, renderFiles, route } from '../files-test-harness.tsx';

setUpFilesTabSuite();

const FILES = [
  fileEntry('server.properties'),
  fileEntry('eula.txt'),
  fileEntry('world.dat'),
  fileEntry('huge.log'),
];
const WRITE = route('PUT', apiPaths.fsWrite('INSTANCE_1', 'server.properties'));

function routes(extra = {}) {
  return {
    [ls('.')]: { body: FILES },
    [read('server.properties')]: { raw: 'motd=hello' },
    [read('eula.txt')]: { raw: 'eula=false' },
    [read('world.dat')]: { status: 400, body: { kind: 'BadRequest', causes: ['File is binary'] } },
    [read('huge.log')]: {
      status: 400,
      body: {
        kind: 'BadRequest',
        causes: ['File is too large to open in the editor (6.0 MB > 5 MB)'],
      },
    },
    [WRITE]: { body: null },
    ...extra,
  };
}

async function openFile(user: ReturnType<typeof renderFiles>['user'], name: string) {
  await user.click(await screen.findByRole('button', { name }));
}

async function editorFor(name: string) {
  const content = await screen.findByRole('textbox', { name: `Contents of ${name}` });
  const view = EditorView.findFromDOM(content);
  if (!view) throw new Error('no editor view');
  return view;
}

function type(view: EditorView, text: string) {
  act(() => view.dispatch({ changes: { from: view.state.doc.length, insert: text } }));
}

/** jsdom's Blob has no text(). */
function blobText(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(new Error('unreadable body'));
    reader.readAsText(blob);
  });
}

const saveButton = () => screen.getByRole('button', { name: 'Save' });
const discardButton = () => screen.getByRole('button', { name: 'Discard Changes' });

describe('the editor', () => {
  it('shows the placeholder, Loading..., then the text with Save and Discard Changes disabled', async () => {
    const { user } = renderFiles({ routes: routes() });
    expect(screen.getByText('File Editor')).toBeInTheDocument();
    expect(screen.getByText('Select a file to view its contents')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
    await openFile(user, 'server.properties');
    const view = await editorFor('server.properties');
    expect(view.state.doc.toString()).toBe('motd=hello');
    expect(saveButton()).toBeDisabled();
    expect(discardButton()).toBeDisabled();
  });

  it('enables Save and Discard Changes only while the content differs', async () => {
    const { user } = renderFiles({ routes: routes() });
    await openFile(user, 'server.properties');
    const view = await editorFor('server.properties');
    type(view, '!');
    expect(saveButton()).toBeEnabled();
    expect(discardButton()).toBeEnabled();
    act(() =>
      view.dispatch({ changes: { from: view.state.doc.length - 1, to: view.state.doc.length } }),
    );
    expect(saveButton()).toBeDisabled();
    type(view, '?');
    await user.click(discardButton());
    expect(view.state.doc.toString()).toBe('motd=hello');
    expect(saveButton()).toBeDisabled();
  });

  it('saves with Ctrl+S (and Save), sending the text', async () => {
    const { user, network } = renderFiles({ routes: routes() });
    await openFile(user, 'server.properties');
    const view = await editorFor('server.properties');
    type(view, '\npvp=false');
    fireEvent.keyDown(view.contentDOM, { key: 's', ctrlKey: true });
    await waitFor(() =>
      expect(
        network.fetchMock.mock.calls.filter(([url]) =>
          String(url).endsWith(apiPaths.fsWrite('INSTANCE_1', 'server.properties')),
        ),
      ).toHaveLength(1),
    );
    const [, init] = network.fetchMock.mock.calls.find(([url]) => String(url).includes('/write'))!;
    expect(await blobText(init!.body as Blob)).toBe('motd=hello\npvp=false');
    await waitFor(() => expect(saveButton()).toBeDisabled());
    expect(await screen.findByText('Saved server.properties')).toBeInTheDocument();
    type(view, '\nx=1');
    fireEvent.keyDown(view.contentDOM, { key: 's', metaKey: true });
    await waitFor(() =>
      expect(
        network.callsTo('PUT', apiPaths.fsWrite('INSTANCE_1', 'server.properties')),
      ).toHaveLength(2),
    );
  });

  it('opening another file discards unsaved edits', async () => {
    const { user, network } = renderFiles({ routes: routes() });
    await openFile(user, 'server.properties');
    type(await editorFor('server.properties'), ' edited');
    await openFile(user, 'eula.txt');
    expect((await editorFor('eula.txt')).state.doc.toString()).toBe('eula=false');
    await openFile(user, 'server.properties');
    await waitFor(async () =>
      expect((await editorFor('server.properties')).state.doc.toString()).toBe('motd=hello'),
    );
    expect(network.callsTo('GET', apiPaths.fsRead('INSTANCE_1', 'server.properties'))).toHaveLength(
      2,
    );
  });

  it('explains binary and too-large files instead of loading them', async () => {
    const { user } = renderFiles({ routes: routes() });
    await openFile(user, 'world.dat');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      "This file is binary, so it can't be shown in the editor. Download it instead.",
    );
    expect(screen.getByRole('button', { name: 'Download world.dat' })).toBeInTheDocument();
    await openFile(user, 'huge.log');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'File is too large to open in the editor (6.0 MB > 5 MB). Download it instead.',
    );
  });

  it('is read-only without can_write_instance_file', async () => {
    const { user } = renderFiles({ routes: routes(), canWrite: false });
    await openFile(user, 'server.properties');
    const view = await editorFor('server.properties');
    expect(view.state.readOnly).toBe(true);
    expect(screen.getByText('Read only')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Discard Changes' })).not.toBeInTheDocument();
  });
});
