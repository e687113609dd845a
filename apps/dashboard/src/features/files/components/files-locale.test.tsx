import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { activateLocale } from '@/lib/i18n/i18n.ts';
import { dirEntry, fileEntry } from '../file-fixtures.ts';
import { setUpFilesTabSuite, ls, read, renderFiles } from '../files-test-harness.tsx';

// Issue 29: the Files tab in German and Simplified Chinese (texts, counts, sizes, the core's
// typed editor refusals), found by role as a reader meets them.
setUpFilesTabSuite();

const ROOT = [
  dirEntry('world'),
  fileEntry('server.properties', { size: 1536, modification_time: null, creation_time: null }),
  fileEntry('.lodestone_config', { file_stem: '.lodestone_config', extension: null }),
];

describe('the Files tab in German', () => {
  it('lists, counts, sizes and explains in German', async () => {
    await activateLocale('de');
    const { user } = renderFiles({
      routes: {
        [ls('.')]: { body: ROOT },
        [read('server.properties')]: {
          status: 400,
          body: {
            kind: 'BadRequest',
            causes: ['File is too large to open in the editor (6.5 MB > 5 MB)'],
          },
        },
      },
    });
    const grid = await screen.findByRole('grid', { name: 'Dateien' });
    await waitFor(() =>
      expect(within(grid).getByRole('row', { name: 'world, Ordner' })).toBeInTheDocument(),
    );
    expect(screen.getByText('1 Hearth-Datei ausgeblendet')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Hearth-Dateien anzeigen' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Hochladen' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Datei-Editor' })).toBeInTheDocument();
    const props = within(grid).getByRole('row', { name: 'server.properties' });
    expect(props).toHaveTextContent('Unbekannte Erstellungszeit');
    expect(props).toHaveTextContent('1,5 KB');

    await user.click(screen.getByRole('checkbox', { name: 'server.properties auswählen' }));
    expect(screen.getByRole('status')).toHaveTextContent('1 Element ausgewählt');
    expect(screen.getByText('2 Einträge')).toBeInTheDocument();

    await user.click(within(grid).getByRole('button', { name: 'server.properties' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Die Datei ist zu groß für den Editor (6,5 MB > 5 MB). Laden Sie sie stattdessen herunter.',
    );
    expect(
      screen.getByRole('button', { name: 'server.properties herunterladen' }),
    ).toBeInTheDocument();
  });
});

describe('the Files tab in Simplified Chinese', () => {
  it('shows the menu, the dialog and the required name in Chinese', async () => {
    await activateLocale('zh-CN');
    const { user } = renderFiles({ routes: { [ls('.')]: { body: ROOT } } });
    await screen.findByRole('grid', { name: '文件' });
    await user.click(screen.getByRole('button', { name: '添加/删除' }));
    await user.click(await screen.findByRole('menuitem', { name: '新建文件夹' }));
    const dialog = await screen.findByRole('dialog', { name: '为文件夹命名' });
    await user.click(within(dialog).getByRole('button', { name: '创建文件夹' }));
    expect(within(dialog).getByText('必填')).toBeInTheDocument();
    expect(within(dialog).getByRole('textbox', { name: '名称' })).toHaveAttribute(
      'placeholder',
      '未命名文件夹',
    );
  });
});
