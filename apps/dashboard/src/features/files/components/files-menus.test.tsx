import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiPaths } from '@hearth/protocol';
import { dirEntry, fileEntry } from '../file-fixtures.ts';
import {
  UUID,
  checkboxOf,
  fsEnd,
  setUpFilesTabSuite,
  ls,
  renderFiles,
  route,
  rowOf,
} from '../files-test-harness.tsx';

setUpFilesTabSuite();

const ROOT = [dirEntry('world'), fileEntry('backup.zip'), fileEntry('notes.txt')];
const UNZIP = route('PUT', apiPaths.fsUnzip(UUID, 'backup.zip'));
const ZIP = route('PUT', apiPaths.fsZip(UUID));
const MKDIR = (path: string) => route('PUT', apiPaths.fsMkdir(UUID, path));
const NEW = (path: string) => route('PUT', apiPaths.fsNew(UUID, path));

const openMenuOn = (name: string) =>
  fireEvent.contextMenu(within(rowOf(name)).getByRole('button', { name }));
const menuLabels = (menu: HTMLElement) =>
  within(menu)
    .getAllByRole('menuitem')
    .map((item) => item.textContent);

type User = ReturnType<typeof renderFiles>['user'];
async function addRemove(user: User, item: string) {
  await user.click(screen.getByRole('button', { name: 'Add/Remove' }));
  await user.click(await screen.findByRole('menuitem', { name: item }));
}

describe('the right-click menu', () => {
  it('is 176x259 on a file and on the empty area, 176x337 with the unzip entries on an archive', async () => {
    const { user } = renderFiles({ routes: { [ls('.')]: { body: ROOT } } });
    await screen.findByRole('button', { name: 'notes.txt' });
    openMenuOn('notes.txt');
    let menu = await screen.findByRole('menu', { name: 'Actions for notes.txt' });
    expect(menu.style.width).toBe('176px');
    expect(menu.style.height).toBe('259px');
    expect(menuLabels(menu)).toEqual([
      'Copy',
      'Cut',
      'Paste',
      'Rename',
      'Delete',
      'Zip',
      'New folder',
      'New file',
    ]);
    await user.keyboard('{Escape}');

    openMenuOn('backup.zip');
    menu = await screen.findByRole('menu', { name: 'Actions for backup.zip' });
    expect(menu.style.height).toBe('337px');
    expect(menuLabels(menu)).toContain('Unzip to backup');
    await user.keyboard('{Escape}');

    fireEvent.contextMenu(screen.getByTestId('file-list-scroller'));
    menu = await screen.findByRole('menu', { name: 'Folder actions' });
    expect(menu.style.height).toBe('259px');
    expect(within(menu).getByRole('menuitem', { name: 'Copy' })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
    expect(within(menu).getByRole('menuitem', { name: 'New folder' })).not.toHaveAttribute(
      'aria-disabled',
    );
  });

  it('unzips in each mode', async () => {
    const { user, network } = renderFiles({
      routes: { [ls('.')]: { body: ROOT }, [UNZIP]: { body: null } },
    });
    await screen.findByRole('button', { name: 'backup.zip' });
    for (const [label, mode] of [
      ['Unzip here', 'Normal'],
      ['Unzip here (smart)', 'Smart'],
      ['Unzip to backup', 'ToDirectoryWithFileName'],
    ] as const) {
      openMenuOn('backup.zip');
      await user.click(await screen.findByRole('menuitem', { name: label }));
      await waitFor(() =>
        expect(network.callsTo('PUT', apiPaths.fsUnzip(UUID, 'backup.zip')).at(-1)?.body).toBe(
          mode,
        ),
      );
    }
    expect(network.callsTo('PUT', apiPaths.fsUnzip(UUID, 'backup.zip'))).toHaveLength(3);
  });

  it('zips the row, and toasts a refusal', async () => {
    const { user, network } = renderFiles({
      routes: {
        [ls('.')]: { body: ROOT },
        [ZIP]: { status: 403, body: { kind: 'PermissionDenied', causes: ['Protected path'] } },
      },
    });
    await screen.findByRole('button', { name: 'world' });
    openMenuOn('world');
    await user.click(await screen.findByRole('menuitem', { name: 'Zip' }));
    expect(
      await screen.findByText('Failed to initiate zip: Permission Denied: Protected path'),
    ).toBeInTheDocument();
    expect(network.callsTo('PUT', apiPaths.fsZip(UUID))[0]!.body).toEqual({
      target_relative_paths: ['world'],
      destination_relative_path: 'world.zip',
    });
  });
});

describe('unarchive selected', () => {
  it('needs exactly one selected item and checks it', async () => {
    const { user, network } = renderFiles({
      routes: {
        [ls('.')]: { body: ROOT },
        [UNZIP]: { status: 400, body: { kind: 'BadRequest', causes: ['Corrupt archive'] } },
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Add/Remove' }));
    expect(await screen.findByRole('menuitem', { name: 'Unarchive selected' })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
    await user.keyboard('{Escape}');

    await user.click(checkboxOf('world'));
    await addRemove(user, 'Unarchive selected');
    expect(await screen.findByText('Only files can be unzipped')).toBeInTheDocument();
    await user.click(checkboxOf('world'));

    await user.click(checkboxOf('notes.txt'));
    await addRemove(user, 'Unarchive selected');
    expect(await screen.findByText('Unsupported zip file type')).toBeInTheDocument();
    await user.click(checkboxOf('backup.zip'));
    await user.click(screen.getByRole('button', { name: 'Add/Remove' }));
    expect(await screen.findByRole('menuitem', { name: 'Unarchive selected' })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
    await user.keyboard('{Escape}');

    await user.click(checkboxOf('notes.txt'));
    await addRemove(user, 'Unarchive selected');
    expect(
      await screen.findByText('Failed to unzip backup.zip: Bad Request: Corrupt archive'),
    ).toBeInTheDocument();
    expect(network.callsTo('PUT', apiPaths.fsUnzip(UUID, 'backup.zip'))[0]!.body).toBe('Smart');
  });
});

describe('new folder, new file', () => {
  it('Name your folder: Required, the server error on the field, then created', async () => {
    const { user, network } = renderFiles({
      routes: {
        [ls('.')]: { body: ROOT },
        [MKDIR('world')]: {
          status: 400,
          body: { kind: 'BadRequest', causes: ['Directory already exists'] },
        },
        [MKDIR('plugins')]: { body: null },
      },
    });
    await screen.findByRole('button', { name: 'world' });
    await addRemove(user, 'New folder');
    const dialog = await screen.findByRole('dialog', { name: 'Name your folder' });
    const name = within(dialog).getByRole('textbox', { name: 'Name' });
    expect(name).toHaveAttribute('placeholder', 'Untitled folder');
    await user.click(within(dialog).getByRole('button', { name: 'Create folder' }));
    expect(within(dialog).getByText('Required')).toBeInTheDocument();
    await user.type(name, 'world');
    await user.click(within(dialog).getByRole('button', { name: 'Create folder' }));
    expect(
      await within(dialog).findByText('Bad Request: Directory already exists'),
    ).toBeInTheDocument();
    expect(name).toHaveAttribute('aria-invalid', 'true');
    await user.clear(name);
    await user.type(name, 'plugins{Enter}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(network.callsTo('PUT', apiPaths.fsMkdir(UUID, 'plugins'))).toHaveLength(1);
    await waitFor(() => expect(network.callsTo('GET', apiPaths.fsLs(UUID, '.'))).toHaveLength(2));
  });

  it('Name your file in the current folder, from the empty area menu; Cancel closes', async () => {
    const { user, network } = renderFiles({
      url: '/dashboard/files?path=world',
      routes: { [ls('world')]: { body: [] }, [NEW('world/ops.json')]: { body: null } },
    });
    await screen.findByText('No files here...');
    fireEvent.contextMenu(screen.getByTestId('file-list-scroller'));
    await user.click(await screen.findByRole('menuitem', { name: 'New file' }));
    let dialog = await screen.findByRole('dialog', { name: 'Name your file' });
    expect(within(dialog).getByRole('textbox', { name: 'Name' })).toHaveAttribute(
      'placeholder',
      'Untitled',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await addRemove(user, 'New file');
    dialog = await screen.findByRole('dialog', { name: 'Name your file' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'ops.json');
    await user.click(within(dialog).getByRole('button', { name: 'Create file' }));
    await waitFor(() =>
      expect(network.callsTo('PUT', apiPaths.fsNew(UUID, 'world/ops.json'))).toHaveLength(1),
    );
  });
});

describe('permissions, events and downloads', () => {
  it('without can_write_instance_file every write action is disabled with No permission', async () => {
    const { user } = renderFiles({ canWrite: false, routes: { [ls('.')]: { body: ROOT } } });
    await user.click(await screen.findByRole('checkbox', { name: 'Select backup.zip' }));
    expect(screen.getByRole('button', { name: /^Upload/ })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Add/Remove' }));
    for (const item of [
      'Cut selected',
      'Unarchive selected',
      'New file',
      'New folder',
      'Delete selected',
    ]) {
      const entry = await screen.findByRole('menuitem', { name: item });
      expect(entry).toHaveAttribute('aria-disabled', 'true');
      expect(entry).toHaveTextContent('No permission');
    }
    expect(screen.getByRole('menuitem', { name: 'Download selected' })).not.toHaveAttribute(
      'aria-disabled',
    );
    await user.keyboard('{Escape}');
    openMenuOn('backup.zip');
    const menu = await screen.findByRole('menu', { name: 'Actions for backup.zip' });
    const enabled = within(menu)
      .getAllByRole('menuitem')
      .filter((item) => item.getAttribute('aria-disabled') !== 'true')
      .map((item) => item.textContent);
    expect(enabled).toEqual(['Copy']);
  });

  it('the end of a file operation toasts and refreshes the list; other instances are ignored', async () => {
    const { network, emit } = renderFiles({ routes: { [ls('.')]: { body: ROOT } } });
    await screen.findByRole('button', { name: 'world' });
    emit(fsEnd(true, 'Unzipped backup.zip'));
    expect(await screen.findByText('Unzipped backup.zip')).toBeInTheDocument();
    await waitFor(() => expect(network.callsTo('GET', apiPaths.fsLs(UUID, '.'))).toHaveLength(2));
    emit(fsEnd(false, 'Failed to zip world: disk full'));
    expect(await screen.findByText('Failed to zip world: disk full')).toBeInTheDocument();
    emit(fsEnd(true, 'Elsewhere', 'INSTANCE_9'));
    await waitFor(() => expect(network.callsTo('GET', apiPaths.fsLs(UUID, '.'))).toHaveLength(3));
    expect(screen.queryByText('Elsewhere')).not.toBeInTheDocument();
  });

  it('downloads follow a key URL, each in its own frame; a folder says it is being zipped', async () => {
    const { user } = renderFiles({
      routes: {
        [ls('.')]: { body: ROOT },
        [route('GET', apiPaths.fsUrl(UUID, 'notes.txt'))]: { raw: 'KEYFILE' },
        [route('GET', apiPaths.fsUrl(UUID, 'world'))]: { raw: 'KEYDIR' },
      },
    });
    await user.click(await screen.findByRole('checkbox', { name: 'Select notes.txt' }));
    await user.click(checkboxOf('world'));
    await addRemove(user, 'Download selected');
    expect(await screen.findByText('Zipping directory for download...')).toBeInTheDocument();
    await waitFor(() =>
      expect([...document.querySelectorAll('iframe')].map((frame) => frame.src)).toEqual([
        'http://core.test:16662/api/v1/file/KEYDIR',
        'http://core.test:16662/api/v1/file/KEYFILE',
      ]),
    );
    for (const frame of document.querySelectorAll('iframe')) frame.remove();
  });
});
