import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { dirEntry, fileEntry } from '../file-fixtures.ts';
import {
  checkboxOf,
  fileList,
  setUpFilesTabSuite,
  instance,
  ls,
  read,
  renderFiles,
  rowNames,
  rowOf,
} from '../files-test-harness.tsx';

setUpFilesTabSuite();

const ROOT = [
  fileEntry('server.properties', { size: 2048, modification_time: null, creation_time: null }),
  dirEntry('world'),
  fileEntry('.lodestone_config', { file_stem: '.lodestone_config', extension: null }),
];
const WORLD = [fileEntry('world/level.dat', { size: 10 })];

describe('the file list', () => {
  it('lists folders first, then names, with time, size and icon, and no `..` at the top level', async () => {
    const { user } = renderFiles({ routes: { [ls('.')]: { body: ROOT } } });
    // Hearth's own files are hidden until asked for (issue 15 #8).
    await waitFor(() => expect(rowNames()).toEqual(['world', 'server.properties']));
    expect(screen.getByText('1 Hearth file hidden')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Show Hearth files' }));
    await waitFor(() =>
      expect(rowNames()).toEqual(['world', '.lodestone_config', 'server.properties']),
    );
    const props = rowOf('server.properties');
    expect(props).toHaveTextContent('Unknown Creation Time');
    expect(props).toHaveTextContent('2 KB');
    expect(rowOf('world').querySelector('[data-icon]')).toHaveAttribute('data-icon', 'folder');
    expect(rowOf('.lodestone_config').querySelector('[data-icon]')).toHaveAttribute(
      'data-icon',
      'config',
    );
    expect(props.querySelector('[data-icon]')).toHaveAttribute('data-icon', 'file');
    expect(within(fileList()).queryByRole('button', { name: '..' })).not.toBeInTheDocument();
  });

  it('names each row once, and a folder as a folder', async () => {
    renderFiles({ routes: { [ls('.')]: { body: ROOT } } });
    await waitFor(() => expect(rowNames()).toEqual(['world', 'server.properties']));
    const rows = within(fileList()).getAllByRole('row');
    expect(rows.map((row) => row.getAttribute('aria-label') ?? '')).toEqual([
      'world, folder',
      'server.properties',
    ]);
    expect(within(fileList()).getByRole('row', { name: 'world, folder' })).toBe(rowOf('world'));
    expect(within(fileList()).getByRole('button', { name: 'world' })).toHaveAccessibleDescription(
      /^Folder/,
    );
    expect(
      within(fileList()).getByRole('button', { name: 'server.properties' }),
    ).not.toHaveAccessibleDescription(/Folder/);
  });

  it('shows Loading..., then the error, or No files here...', async () => {
    const failing = renderFiles({
      routes: {
        [ls('.')]: { status: 400, body: { kind: 'BadRequest', causes: ['Not a directory'] } },
      },
    });
    expect(screen.getByText('Loading...')).toBeInTheDocument();
    expect(await screen.findByRole('alert')).toHaveTextContent('Bad Request: Not a directory');
    failing.unmount();
    renderFiles({ routes: { [ls('.')]: { body: [] } } });
    expect(await screen.findByText('No files here...')).toBeInTheDocument();
  });

  it('without can_read_instance_file says so and lists nothing', () => {
    const { network } = renderFiles({ canRead: false, routes: { [ls('.')]: { body: ROOT } } });
    expect(screen.getByText("You don't have permission to read this folder")).toBeInTheDocument();
    expect(network.calls.filter((c) => c.path.includes('/fs/'))).toHaveLength(0);
  });
});

describe('path changes', () => {
  const routes = {
    [ls('.')]: { body: ROOT },
    [ls('world')]: { body: WORLD },
    [read('server.properties')]: { raw: 'motd=hi' },
  };

  it('a folder click navigates (path parameter), `..` and the breadcrumb go back', async () => {
    const { user, searchParam } = renderFiles({ routes });
    await user.click(await within(await waitFor(fileList)).findByRole('button', { name: 'world' }));
    await waitFor(() => expect(rowNames()).toEqual(['..', 'level.dat']));
    expect(searchParam('path')).toBe('world');
    const crumbs = screen.getByRole('navigation', { name: 'Path' });
    expect(within(crumbs).getByRole('button', { name: 'world' })).toHaveAttribute(
      'aria-current',
      'location',
    );
    await user.click(within(fileList()).getByRole('button', { name: '..' }));
    await waitFor(() => expect(rowNames()).toEqual(['world', 'server.properties']));
    expect(searchParam('path')).toBeNull();
    await user.click(within(fileList()).getByRole('button', { name: 'world' }));
    await screen.findByRole('button', { name: 'level.dat' });
    await user.click(within(crumbs).getByRole('button', { name: 'Squid' }));
    await screen.findByRole('button', { name: 'server.properties' });
  });

  it('opens at the `path` query parameter', async () => {
    renderFiles({ routes, url: '/dashboard/files?path=world' });
    await waitFor(() => expect(rowNames()).toEqual(['..', 'level.dat']));
  });

  it('clear the selection and close the opened file', async () => {
    const { user } = renderFiles({ routes });
    await user.click(await screen.findByRole('button', { name: 'server.properties' }));
    expect(
      await screen.findByRole('region', { name: 'Editing server.properties' }),
    ).toBeInTheDocument();
    await user.click(checkboxOf('server.properties'));
    expect(screen.getByText('1 item selected')).toBeInTheDocument();
    await user.click(within(fileList()).getByRole('button', { name: 'world' }));
    await screen.findByRole('button', { name: 'level.dat' });
    expect(screen.queryByText('1 item selected')).not.toBeInTheDocument();
    expect(
      screen.queryByRole('region', { name: 'Editing server.properties' }),
    ).not.toBeInTheDocument();
    expect(screen.getByText('Select a file to view its contents')).toBeInTheDocument();
  });

  it('changing instance resets the path to the root and clears the clipboard', async () => {
    const other = 'INSTANCE_2';
    const { user, update, searchParam } = renderFiles({
      routes: { ...routes, [ls('.', other)]: { body: [fileEntry('other.txt')] } },
      url: '/dashboard/files?path=world',
    });
    await user.click(await screen.findByRole('checkbox', { name: 'Select level.dat' }));
    await user.click(screen.getByRole('button', { name: 'Add/Remove' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Cut selected' }));
    expect(await screen.findByText('1 item in clipboard')).toBeInTheDocument();
    update({ instance: instance({ uuid: other, name: 'Other' }) });
    await screen.findByRole('button', { name: 'other.txt' });
    expect(searchParam('path')).toBeNull();
    expect(screen.queryByText('1 item in clipboard')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Paste/ })).not.toBeInTheDocument();
  });
});
