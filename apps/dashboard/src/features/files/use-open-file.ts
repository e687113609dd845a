import { useCallback, useEffect, useRef } from 'react';
import type { Dispatch } from 'react';
import { t } from '@lingui/core/macro';
import { toUserMessage } from '@/lib/errors.ts';
import { notify } from '@/lib/toast.ts';
import { useFileContent } from './api/read-file.ts';
import { useWriteFileMutation } from './api/write-file.ts';
import type { BrowserAction, BrowserState } from './model/browser-state.ts';
import { isDirty } from './model/editor-state.ts';

/** The open file: its content (read on every open), the edited text, save and discard. */
export function useOpenFile(
  instanceUuid: string,
  state: BrowserState,
  dispatch: Dispatch<BrowserAction>,
) {
  const file = state.openFile;
  const content = useFileContent(instanceUuid, file?.path ?? null);
  const write = useWriteFileMutation(instanceUuid);
  const original = content.isSuccess ? content.data : null;
  const dirty = isDirty({ original, draft: state.draft });
  const latestDraft = useRef(state.draft);
  useEffect(() => {
    latestDraft.current = state.draft;
  });

  const save = useCallback(() => {
    if (!file || !dirty || state.draft === null || write.isPending) return;
    const text = state.draft;
    const name = file.name;
    write.mutate(
      { path: file.path, content: text },
      {
        onSuccess: () => {
          // Typing that went on while saving stays as the (still unsaved) draft.
          if (latestDraft.current === text) dispatch({ type: 'saved' });
          notify('success', t`Saved ${name}`);
        },
        onError: (err) => {
          const reason = toUserMessage(err);
          notify('error', t`Failed to save ${name}: ${reason}`);
        },
      },
    );
  }, [file, dirty, state.draft, write, dispatch]);

  const discard = useCallback(() => dispatch({ type: 'discard' }), [dispatch]);
  const edit = useCallback((text: string) => dispatch({ type: 'edit', text }), [dispatch]);

  return {
    file,
    content,
    /** What the editor shows: the draft, else the loaded text. */
    text: state.draft ?? original ?? '',
    loaded: original !== null,
    dirty,
    saving: write.isPending,
    save,
    discard,
    edit,
  };
}

export type OpenFile = ReturnType<typeof useOpenFile>;
