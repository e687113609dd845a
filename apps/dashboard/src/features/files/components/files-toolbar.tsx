import { useRef } from 'react';
import { ClipboardPaste, Save, Undo2, Upload } from 'lucide-react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Button } from '@/components/ui/button.tsx';
import { noPermissionText } from '../model/context-menu-model.ts';
import { pasteLabel } from '../model/footer-text.ts';
import type { FilesController } from '../use-files-controller.ts';
import { AddRemoveMenu } from './add-remove-menu.tsx';
import { PathBreadcrumb } from './path-breadcrumb.tsx';

/** Add/Remove menu, breadcrumb, Paste N file(s), Save and Discard Changes, Upload. */
export function FilesToolbar({ ctl, rootLabel }: { ctl: FilesController; rootLabel: string }) {
  const { t } = useLingui();
  const input = useRef<HTMLInputElement>(null);
  const { state, editor, canWrite } = ctl;
  const clipboardCount = state.clipboard?.items.length ?? 0;
  const noPermission = canWrite ? undefined : noPermissionText();
  return (
    <div
      role="toolbar"
      aria-label={t`Files`}
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
            <Trans>Discard Changes</Trans>
          </Button>
          <Button
            size="sm"
            variant="primary"
            onClick={editor.save}
            disabled={!editor.dirty}
            loading={editor.saving}
            title={t`Save (Ctrl+S)`}
          >
            <Save aria-hidden className="size-4" />
            <Trans>Save</Trans>
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
        {canWrite ? t`Upload` : t`Upload (${noPermission})`}
      </Button>
      <input
        ref={input}
        type="file"
        multiple
        hidden
        aria-label={t`Files to upload`}
        onChange={(event) => {
          const files = [...(event.target.files ?? [])];
          event.target.value = '';
          if (files.length > 0) ctl.uploads.start(files, state.path);
        }}
      />
    </div>
  );
}
