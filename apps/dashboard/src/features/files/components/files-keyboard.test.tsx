import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiPaths } from '@hearth/protocol';
import { dirEntry, fileEntry } from '../file-fixtures.ts';
import {
  UUID,
  checkboxOf,
  fileList,
  setUpFilesTabSuite,
  ls,
  read,
  renderFiles,
  rowOf,
} from '../files-test-harness.tsx';

// Issue 17: one Tab stop per file row — its name — with the checkbox reached by Space; the name
// is the file name alone, the time and size describe it.

setUpFilesTabSuite();

const ROOT = [
  fileEntry('server.properties', { size: 2048 }),
  fileEntry('eula.txt', { size: 10 }),
  dirEntry('world'),
];

describe('file rows by keyboard', () => {
  it('are one Tab stop each: Tab goes from name to name, never to a checkbox', async () => {
    const { user } = renderFiles({ routes: { [ls('.')]: { body: ROOT } } });
    const names = await waitFor(() => {
      const found = within(fileList()).getAllByRole('button');
      expect(found).toHaveLength(3);
      return found;
    });
    for (const name of ['world', 'eula.txt', 'server.properties'])
      expect(checkboxOf(name)).toHaveAttribute('tabindex', '-1');
    names[0]!.focus();
    await user.tab();
    expect(names[1]).toHaveFocus();
    await user.tab();
    expect(names[2]).toHaveFocus();
    await user.tab({ shift: true });
    expect(names[1]).toHaveFocus();
  });

  it('Space selects and unselects the row without opening it; Enter opens it', async () => {
    const { user, network } = renderFiles({
      routes: { [ls('.')]: { body: ROOT }, [read('eula.txt')]: { raw: 'eula=false' } },
    });
    const eula = await within(await screen.findByRole('grid', { name: 'Files' })).findByRole(
      'button',
      { name: 'eula.txt' },
    );
    eula.focus();
    await user.keyboard(' ');
    expect(checkboxOf('eula.txt')).toBeChecked();
    expect(rowOf('eula.txt')).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByText('1 item selected')).toBeInTheDocument();
    expect(network.callsTo('GET', apiPaths.fsRead(UUID, 'eula.txt'))).toHaveLength(0);
    await user.keyboard(' ');
    expect(checkboxOf('eula.txt')).not.toBeChecked();
    await user.keyboard('{Enter}');
    expect(
      await screen.findByRole('textbox', { name: 'Contents of eula.txt' }),
    ).toBeInTheDocument();
  });

  it('names a row by its file name, described by its time and size', async () => {
    renderFiles({ routes: { [ls('.')]: { body: ROOT } } });
    const props = await within(await screen.findByRole('grid', { name: 'Files' })).findByRole(
      'button',
      { name: 'server.properties' },
    );
    expect(props).toHaveAccessibleDescription(/2 KB$/);
  });
});
