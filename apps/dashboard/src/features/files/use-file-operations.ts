import { useCallback } from 'react';
import type { Dispatch } from 'react';
import { t } from '@lingui/core/macro';
import type { ClientFile } from '@hearth/protocol';
import { toUserMessage } from '@/lib/errors.ts';
import { notify } from '@/lib/toast.ts';
import { copyFiles } from './api/copy-files.ts';
import { deleteFile } from './api/delete-file.ts';
import { getDownloadUrl } from './api/get-download-url.ts';
import { moveFile } from './api/move-file.ts';
import { unzipFile } from './api/unzip-file.ts';
import { zipFiles } from './api/zip-files.ts';
import { startDownload } from './download-link.ts';
import type { BrowserAction, BrowserState } from './model/browser-state.ts';
import { copyToast, cutToast } from './model/footer-text.ts';
import { planPaste, planZip } from './model/file-plans.ts';
import { isDirectory } from './model/file-kind.ts';
import { checkUnzip } from './model/unzip-rules.ts';
import type { UnzipMode } from './model/unzip-rules.ts';

/**
 * The file operations of the Files tab with the toasts of dashboard.md §8. Background operations
 * (copy, zip, unzip) only start here; their end arrives as an event (use-file-events.ts).
 */
export function useFileOperations(
  instanceUuid: string,
  state: BrowserState,
  dispatch: Dispatch<BrowserAction>,
  refresh: () => void,
) {
  const { path, clipboard } = state;

  const toClipboard = useCallback(
    (action: 'cut' | 'copy', items: readonly ClientFile[]) => {
      if (items.length === 0) return;
      dispatch({ type: 'to-clipboard', action, items });
      notify('info', action === 'cut' ? cutToast(items.length) : copyToast(items.length));
    },
    [dispatch],
  );

  const paste = useCallback(async () => {
    if (!clipboard) return;
    const plan = planPaste(clipboard, path);
    if (plan.kind === 'copy') {
      try {
        await copyFiles(instanceUuid, plan.request);
      } catch (err) {
        const count = plan.request.relative_paths_source.length;
        const reason = toUserMessage(err);
        notify('error', t`Failed to copy ${count} file(s): ${reason}`);
        return;
      }
    } else {
      for (const move of plan.moves) {
        try {
          await moveFile(instanceUuid, move.from, move.to);
          dispatch({ type: 'moved', from: move.from });
        } catch (err) {
          const name = move.item.name;
          const reason = toUserMessage(err);
          notify('error', t`Failed to move ${name}: ${reason}`);
        }
      }
      refresh();
    }
    dispatch({ type: 'pasted' });
  }, [clipboard, path, instanceUuid, dispatch, refresh]);

  const zip = useCallback(
    async (items: readonly ClientFile[]) => {
      if (items.length === 0) return;
      try {
        await zipFiles(instanceUuid, planZip(items, path));
      } catch (err) {
        const reason = toUserMessage(err);
        notify('error', t`Failed to initiate zip: ${reason}`);
      }
    },
    [instanceUuid, path],
  );

  const unzip = useCallback(
    async (file: ClientFile, mode: UnzipMode) => {
      const check = checkUnzip(file);
      if (!check.ok) {
        notify('error', check.message);
        return;
      }
      try {
        await unzipFile(instanceUuid, file.path, mode);
      } catch (err) {
        const name = file.name;
        const reason = toUserMessage(err);
        notify('error', t`Failed to unzip ${name}: ${reason}`);
      }
    },
    [instanceUuid],
  );

  const download = useCallback(
    async (items: readonly ClientFile[]) => {
      for (const file of items) {
        if (isDirectory(file)) notify('info', t`Zipping directory for download...`);
        try {
          startDownload(await getDownloadUrl(instanceUuid, file));
        } catch (err) {
          const name = file.name;
          const reason = toUserMessage(err);
          notify('error', t`Failed to download ${name}: ${reason}`);
        }
      }
    },
    [instanceUuid],
  );

  /** Deletes each item; failures are toasted, the rest leave the selection, clipboard and editor. */
  const remove = useCallback(
    async (items: readonly ClientFile[]) => {
      const gone: string[] = [];
      for (const file of items) {
        try {
          await deleteFile(instanceUuid, file);
          gone.push(file.path);
        } catch (err) {
          const name = file.name;
          const reason = toUserMessage(err);
          notify('error', t`Failed to delete ${name}: ${reason}`);
        }
      }
      if (gone.length > 0) dispatch({ type: 'removed', paths: gone });
      refresh();
    },
    [instanceUuid, dispatch, refresh],
  );

  return { toClipboard, paste, zip, unzip, download, remove };
}

export type FileOperations = ReturnType<typeof useFileOperations>;
