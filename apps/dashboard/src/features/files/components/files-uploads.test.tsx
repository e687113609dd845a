import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { apiPaths } from '@hearth/protocol';
import { FakeXhr } from '@/test/fake-xhr.ts';
import { fileEntry } from '../file-fixtures.ts';
import { UUID, fsEnd, setUpFilesTabSuite, ls, renderFiles } from '../files-test-harness.tsx';

setUpFilesTabSuite();
beforeEach(() => FakeXhr.install());

const uploadUrl = (dir: string) => `http://core.test:16662/api/v1${apiPaths.fsUpload(UUID, dir)}`;
const fileItem = (file: File) => ({
  kind: 'file',
  getAsFile: () => file,
  webkitGetAsEntry: () => ({ isDirectory: false }),
});
const folderItem = () => ({
  kind: 'file',
  getAsFile: () => null,
  webkitGetAsEntry: () => ({ isDirectory: true }),
});
const drag = (items: unknown[]) => ({
  dataTransfer: { types: ['Files'], items, dropEffect: 'none' },
});

describe('upload by button', () => {
  it('sends the file in field `file` to the current folder with progress, then refreshes', async () => {
    const { user, network } = renderFiles({
      url: '/dashboard/files?path=world',
      routes: { [ls('world')]: { body: [] } },
    });
    await screen.findByText('No files here...');
    const file = new File(['x'.repeat(2048)], 'ops.json', { type: 'application/json' });
    await user.upload(screen.getByLabelText('Files to upload'), file);
    const xhr = FakeXhr.last();
    expect(xhr.url).toBe(uploadUrl('world'));
    expect((xhr.body as FormData).get('file')).toMatchObject({ name: 'ops.json' });
    const uploads = screen.getByRole('region', { name: 'Uploads' });
    expect(within(uploads).getByText('ops.json')).toBeInTheDocument();
    xhr.progress(1024, 2048);
    await waitFor(() =>
      expect(screen.getByRole('progressbar', { name: 'Uploading ops.json' })).toHaveAttribute(
        'aria-valuenow',
        '50',
      ),
    );
    xhr.respond(200, 'null');
    await waitFor(() =>
      expect(screen.queryByRole('region', { name: 'Uploads' })).not.toBeInTheDocument(),
    );
    await waitFor(() =>
      expect(network.callsTo('GET', apiPaths.fsLs(UUID, 'world'))).toHaveLength(2),
    );
  });

  it('can be cancelled, and a refusal is toasted (once, not again from the core event)', async () => {
    const { user, emit } = renderFiles({ routes: { [ls('.')]: { body: [fileEntry('a.txt')] } } });
    await screen.findByRole('button', { name: 'a.txt' });
    await user.upload(screen.getByLabelText('Files to upload'), new File(['1'], 'big.bin'));
    await user.click(screen.getByRole('button', { name: 'Cancel upload of big.bin' }));
    expect(FakeXhr.last().aborted).toBe(true);
    expect(await screen.findByText('Upload of big.bin cancelled')).toBeInTheDocument();
    emit(fsEnd(false, 'Failed to upload: The upload was aborted'));
    await user.upload(screen.getByLabelText('Files to upload'), new File(['1'], 'run.sh'));
    FakeXhr.last().respond(
      403,
      '{"kind":"PermissionDenied","causes":["Protected path"]}',
      'Forbidden',
    );
    expect(
      await screen.findByText('Failed to upload run.sh: Permission Denied: Protected path'),
    ).toBeInTheDocument();
    emit(fsEnd(false, 'Failed to upload: Protected path'));
    emit(fsEnd(false, 'Failed to upload: from another tab'));
    expect(await screen.findByText('Failed to upload: from another tab')).toBeInTheDocument();
    expect(screen.queryByText('Failed to upload: The upload was aborted')).not.toBeInTheDocument();
    expect(screen.queryByText('Failed to upload: Protected path')).not.toBeInTheDocument();
  });
});

describe('an upload larger than the free space', () => {
  it('says the cause the core answers with (507), once', async () => {
    const { user, emit } = renderFiles({ routes: { [ls('.')]: { body: [fileEntry('a.txt')] } } });
    await screen.findByRole('button', { name: 'a.txt' });
    await user.upload(screen.getByLabelText('Files to upload'), new File(['1'], 'world.zip'));
    FakeXhr.last().respond(
      507,
      '{"kind":"Internal","causes":["Failed to upload file","No space left on device"]}',
      'Insufficient Storage',
    );
    expect(
      await screen.findByText(
        'Failed to upload world.zip: Internal: Failed to upload file: No space left on device',
      ),
    ).toBeInTheDocument();
    emit(fsEnd(false, 'Failed to upload: No space left on device'));
    emit(fsEnd(false, 'Failed to upload: from another tab'));
    expect(await screen.findByText('Failed to upload: from another tab')).toBeInTheDocument();
    expect(screen.queryByText('Failed to upload: No space left on device')).not.toBeInTheDocument();
  });

  it('when the browser saw only a closed connection, the core’s own reason is shown too', async () => {
    const { user, emit } = renderFiles({ routes: { [ls('.')]: { body: [fileEntry('a.txt')] } } });
    await screen.findByRole('button', { name: 'a.txt' });
    await user.upload(screen.getByLabelText('Files to upload'), new File(['1'], 'world.zip'));
    FakeXhr.last().fail();
    expect(
      await screen.findByText('Failed to upload world.zip: Network error'),
    ).toBeInTheDocument();
    emit(fsEnd(false, 'Failed to upload: No space left on device'));
    expect(
      await screen.findByText('Failed to upload: No space left on device'),
    ).toBeInTheDocument();
  });
});

describe('upload by drag and drop', () => {
  it('shows Release to Upload File, refuses folders and uploads the files', async () => {
    renderFiles({ routes: { [ls('.')]: { body: [fileEntry('a.txt')] } } });
    const list = await screen.findByRole('grid', { name: 'Files' });
    fireEvent.dragEnter(list, drag([]));
    expect(screen.getByText('Release to Upload File')).toBeInTheDocument();
    fireEvent.drop(list, drag([folderItem(), fileItem(new File(['hi'], 'notes.txt'))]));
    expect(screen.queryByText('Release to Upload File')).not.toBeInTheDocument();
    expect(await screen.findByText('Only files can be uploaded')).toBeInTheDocument();
    expect(FakeXhr.sent).toHaveLength(1);
    expect((FakeXhr.last().body as FormData).get('file')).toMatchObject({ name: 'notes.txt' });
    expect(FakeXhr.last().url).toBe(uploadUrl('.'));
  });

  it('does nothing without write permission', async () => {
    renderFiles({ canWrite: false, routes: { [ls('.')]: { body: [fileEntry('a.txt')] } } });
    const list = await screen.findByRole('grid', { name: 'Files' });
    fireEvent.dragEnter(list, drag([]));
    expect(screen.queryByText('Release to Upload File')).not.toBeInTheDocument();
    fireEvent.drop(list, drag([fileItem(new File(['hi'], 'notes.txt'))]));
    expect(FakeXhr.sent).toHaveLength(0);
  });
});
