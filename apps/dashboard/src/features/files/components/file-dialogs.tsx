import { useLingui } from '@lingui/react/macro';
import { useCreateFileMutation } from '../api/create-file.ts';
import { useCreateFolderMutation } from '../api/create-folder.ts';
import { useMoveFileMutation } from '../api/move-file.ts';
import { joinPath, parentPath } from '../model/file-path.ts';
import type { FilesController } from '../use-files-controller.ts';
import { DeleteDialog } from './delete-dialog.tsx';
import { NameDialog } from './name-dialog.tsx';

/** Whichever modal the tab has open: new folder, new file, rename, delete. */
export function FileDialogs({ ctl }: { ctl: FilesController }) {
  const { t } = useLingui();
  const { dialog, setDialog, instanceUuid, state, refresh, dispatch } = ctl;
  const createFile = useCreateFileMutation(instanceUuid);
  const createFolder = useCreateFolderMutation(instanceUuid);
  const move = useMoveFileMutation(instanceUuid);
  const close = () => setDialog(null);
  if (!dialog) return null;

  switch (dialog.kind) {
    case 'new-folder':
      return (
        <NameDialog
          title={t`Name your folder`}
          placeholder={t`Untitled folder`}
          submitLabel={t`Create folder`}
          onClose={close}
          onSubmit={async (name) => {
            await createFolder.mutateAsync(joinPath(state.path, name));
            refresh();
          }}
        />
      );
    case 'new-file':
      return (
        <NameDialog
          title={t`Name your file`}
          placeholder={t`Untitled`}
          submitLabel={t`Create file`}
          onClose={close}
          onSubmit={async (name) => {
            await createFile.mutateAsync(joinPath(state.path, name));
            refresh();
          }}
        />
      );
    case 'rename': {
      const { file } = dialog;
      return (
        <NameDialog
          title={t`Rename file`}
          submitLabel={t`Rename`}
          initialName={file.name}
          onClose={close}
          onSubmit={async (name) => {
            if (name === file.name) return;
            await move.mutateAsync({ from: file.path, to: joinPath(parentPath(file.path), name) });
            dispatch({ type: 'moved', from: file.path });
            refresh();
          }}
        />
      );
    }
    case 'delete':
      return (
        <DeleteDialog
          items={dialog.items}
          onClose={close}
          onConfirm={() => ctl.ops.remove(dialog.items)}
        />
      );
  }
}
