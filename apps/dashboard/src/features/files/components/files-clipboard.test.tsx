import { fireEvent, screen, waitFor, within } from '@testing-library/react';
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
  rowOf,
} from '../files-test-harness.tsx';

setUpFilesTabSuite();

const ROOT = [dirEntry('world'), fileEntry('eula.txt'), fileEntry('server.properties')];
const moveRoute = (from: string, to: string) => route('PUT', apiPaths.fsMove(UUID, from, to));
const CPR = route('PUT', apiPaths.fsCpr(UUID));

async function chooseFromAddRemove(user: ReturnType<typeof renderFiles>['user'], item: string) {
  await user.click(screen.getByRole('button', { name: 'Add/Remove' }));
  await user.click(await screen.findByRole('menuitem', { name: item }));
}

async function chooseFromContextMenu(
  user: ReturnType<typeof renderFiles>['user'],
  rowName: string,
  item: string,
) {
  fireEvent.contextMenu(within(rowOf(rowName)).getByRole('button', { name: rowName }));
  await user.click(await screen.findByRole('menuitem', { name: item }));
}

describe('cut and paste', () => {
  it('counts, toasts, then moves every item into the folder and clears the clipboard', async () => {
    const { user, network } = renderFiles({
      routes: {
        [ls('.')]: { body: ROOT },
        [ls('world')]: { body: [] },
        [moveRoute('eula.txt', 'world/eula.txt')]: { body: null },
        [moveRoute('server.properties', 'world/server.properties')]: {
          status: 400,
          body: { kind: 'BadRequest', causes: ['A file named server.properties already exists'] },
        },
      },
    });
    await user.click(await screen.findByRole('checkbox', { name: 'Select eula.txt' }));
    await user.click(checkboxOf('server.properties'));
    expect(screen.getByText('2 items selected')).toBeInTheDocument();
    await chooseFromAddRemove(user, 'Cut selected');
    expect(await screen.findByText('2 file(s) cut to clipboard')).toBeInTheDocument();
    expect(screen.getByText('2 items in clipboard')).toBeInTheDocument();

    await user.click(
      within(screen.getByRole('grid', { name: 'Files' })).getByRole('button', { name: 'world' }),
    );
    await screen.findByText('No files here...');
    await user.click(screen.getByRole('button', { name: 'Paste 2 file(s)' }));
    await waitFor(() =>
      expect(
        network.callsTo('PUT', apiPaths.fsMove(UUID, 'eula.txt', 'world/eula.txt')),
      ).toHaveLength(1),
    );
    expect(
      network.callsTo('PUT', apiPaths.fsMove(UUID, 'server.properties', 'world/server.properties')),
    ).toHaveLength(1);
    expect(
      await screen.findByText(
        'Failed to move server.properties: Bad Request: A file named server.properties already exists',
      ),
    ).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: /Paste/ })).not.toBeInTheDocument(),
    );
    expect(screen.queryByText(/in clipboard/)).not.toBeInTheDocument();
  });

  it('renaming (moving) the open file closes it', async () => {
    const { user, network } = renderFiles({
      routes: {
        [ls('.')]: { body: ROOT },
        [read('eula.txt')]: { raw: 'eula=true' },
        [moveRoute('eula.txt', 'EULA.txt')]: { body: null },
      },
    });
    await user.click(await screen.findByRole('button', { name: 'eula.txt' }));
    await screen.findByRole('region', { name: 'Editing eula.txt' });
    await chooseFromContextMenu(user, 'eula.txt', 'Rename');
    const dialog = await screen.findByRole('dialog', { name: 'Rename file' });
    const name = within(dialog).getByRole('textbox', { name: 'Name' });
    expect(name).toHaveValue('eula.txt');
    await user.clear(name);
    await user.type(name, 'EULA.txt');
    await user.click(within(dialog).getByRole('button', { name: 'Rename' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(network.callsTo('PUT', apiPaths.fsMove(UUID, 'eula.txt', 'EULA.txt'))).toHaveLength(1);
    expect(screen.queryByRole('region', { name: 'Editing eula.txt' })).not.toBeInTheDocument();
    expect(screen.getByText('Select a file to view its contents')).toBeInTheDocument();
  });
});

describe('copy and paste', () => {
  it('copies the items with one cpr call into the current folder, then clears the clipboard', async () => {
    const { user, network } = renderFiles({
      routes: { [ls('.')]: { body: ROOT }, [ls('world')]: { body: [] }, [CPR]: { body: null } },
    });
    await user.click(await screen.findByRole('checkbox', { name: 'Select eula.txt' }));
    await user.click(checkboxOf('server.properties'));
    await chooseFromContextMenu(user, 'eula.txt', 'Copy');
    expect(await screen.findByText('2 items in clipboard')).toBeInTheDocument();
    await user.click(
      within(screen.getByRole('grid', { name: 'Files' })).getByRole('button', { name: 'world' }),
    );
    await user.click(await screen.findByRole('button', { name: 'Paste 2 file(s)' }));
    await waitFor(() => expect(network.callsTo('PUT', apiPaths.fsCpr(UUID))).toHaveLength(1));
    expect(network.callsTo('PUT', apiPaths.fsCpr(UUID))[0]!.body).toEqual({
      relative_paths_source: ['eula.txt', 'server.properties'],
      relative_path_dest: 'world',
    });
    await waitFor(() => expect(screen.queryByText(/in clipboard/)).not.toBeInTheDocument());
  });
});

describe('delete', () => {
  it('asks first, listing the items, then removes files and folders and closes the open file', async () => {
    const { user, network } = renderFiles({
      routes: {
        [ls('.')]: { body: ROOT },
        [read('eula.txt')]: { raw: 'eula=true' },
        [route('DELETE', apiPaths.fsRm(UUID, 'eula.txt'))]: { body: null },
        [route('DELETE', apiPaths.fsRmdir(UUID, 'world'))]: { body: null },
      },
    });
    await user.click(await screen.findByRole('button', { name: 'eula.txt' }));
    await screen.findByRole('region', { name: 'Editing eula.txt' });
    await user.click(checkboxOf('eula.txt'));
    await user.click(checkboxOf('world'));
    await chooseFromAddRemove(user, 'Delete selected');
    const dialog = await screen.findByRole('dialog', { name: 'Delete file(s)' });
    expect(dialog).toHaveTextContent('Are you sure you want to delete the following?');
    expect(
      within(within(dialog).getByRole('list', { name: 'Items to delete' }))
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['world', 'eula.txt']);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(network.calls.filter((c) => c.method === 'DELETE')).toHaveLength(0);

    await chooseFromAddRemove(user, 'Delete selected');
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Delete file(s)' })).getByRole('button', {
        name: 'Delete',
      }),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(network.callsTo('DELETE', apiPaths.fsRm(UUID, 'eula.txt'))).toHaveLength(1);
    expect(network.callsTo('DELETE', apiPaths.fsRmdir(UUID, 'world'))).toHaveLength(1);
    expect(screen.queryByRole('region', { name: 'Editing eula.txt' })).not.toBeInTheDocument();
    expect(screen.queryByText(/selected/)).not.toBeInTheDocument();
  });
});
