import { useRef } from 'react';
import { ClipboardPaste, Save, Undo2, Upload } from 'lucide-react';
import { Button } from '@/components/ui/button.tsx';
import { NO_PERMISSION } from '../model/context-menu-model.ts';
import { pasteLabel } from '../model/footer-text.ts';
import type { FilesController } from '../use-files-controller.ts';
import { AddRemoveMenu } from './add-remove-menu.tsx';
import { PathBreadcrumb } from './path-breadcrumb.tsx';

/** Add/Remove menu, breadcrumb, Paste N file(s), Save and Discard Changes, Upload. */
export function FilesToolbar({ ctl, rootLabel }: { ctl: FilesController; rootLabel: string }) {
  const input = useRef<HTMLInputElement>(null);
  const { state, editor, canWrite } = ctl;
  const clipboardCount = state.clipboard?.items.length ?? 0;
  const noPermission = canWrite ? undefined : NO_PERMISSION;
  return (
    <div
      role="toolbar"
      aria-label="Files"
      className="flex min-h-12 shrink-0 flex-wrap items-center gap-2 border-b border-line px-3 py-1.5 wide:flex-nowrap wide:py-0"
    >
      <AddRemoveMenu ctl={ctl} />
      {/* On narrow screens the path gets a row of its own, under the buttons. */}
      <div className="order-last flex min-w-0 basis-full wide:order-none wide:flex-1 wide:basis-auto">
        <PathBreadcrumb
          path={state.path}
          rootLabel={rootLabel}
          onNavigate={(path) => void ctl.setPath(path)}
        />
      </div>
      {clipboardCount > 0 ? (
        <Button
          size="sm"
          onClick={() => void ctl.ops.paste()}
          disabled={!canWrite}
          title={noPermission}
        >
          <ClipboardPaste aria-hidden className="size-4" />
          {pasteLabel(clipboardCount)}
        </Button>
      ) : null}
      {editor.file && editor.loaded && canWrite ? (
        <>
          <Button size="sm" variant="ghost" onClick={editor.discard} disabled={!editor.dirty}>
            <Undo2 aria-hidden className="size-4" />
            Discard Changes
          </Button>
          <Button
            size="sm"
            variant="primary"
            onClick={editor.save}
            disabled={!editor.dirty}
            loading={editor.saving}
            title="Save (Ctrl+S)"
          >
            <Save aria-hidden className="size-4" />
            Save
          </Button>
        </>
      ) : null}
      <Button
        size="sm"
        onClick={() => input.current?.click()}
        disabled={!canWrite}
        title={noPermission}
      >
        <Upload aria-hidden className="size-4" />
        {canWrite ? 'Upload' : `Upload (${NO_PERMISSION})`}
      </Button>
      <input
        ref={input}
        type="file"
        multiple
        hidden
        aria-label="Files to upload"
        onChange={(event) => {
          const files = [...(event.target.files ?? [])];
          event.target.value = '';
          if (files.length > 0) ctl.uploads.start(files, state.path);
        }}
      />
    </div>
  );
}
