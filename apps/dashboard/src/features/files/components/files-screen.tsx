import { Lock } from 'lucide-react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { KeyboardEvent, ReactNode } from 'react';
import type { InstanceInfo } from '@hearth/protocol';
import { FILE_LIST_WIDTH_DEFAULT, FILE_LIST_WIDTH_MIN } from '@hearth/protocol';
import { ResizeHandle, useResizableWidth } from '@/components/ui/resizable.tsx';
import { useNarrowLayout } from '@/lib/use-media-query.ts';
import type { WidthLimits } from '@/components/ui/resizable.tsx';
import { useFilesController } from '../use-files-controller.ts';
import { EditorPane } from './editor-pane.tsx';
import { FileDialogs } from './file-dialogs.tsx';
import { FileListPane } from './file-list-pane.tsx';
import { FilesFooter } from './files-footer.tsx';
import { FilesToolbar } from './files-toolbar.tsx';

export interface FilesScreenProps {
  instance: InstanceInfo;
  /** can_read_instance_file / can_write_instance_file for this instance (the caller knows the user). */
  canRead: boolean;
  canWrite: boolean;
  /** Shown in the footer (the SFTP address of this instance, when the core offers one). */
  footerExtra?: ReactNode;
}

/** dashboard.md §9: min 200, default 200, remembered; the maximum leaves the editor room. */
export const FILE_PANE_LIMITS: WidthLimits = {
  min: FILE_LIST_WIDTH_MIN,
  max: 720,
  initial: FILE_LIST_WIDTH_DEFAULT,
};
export const FILE_PANE_STORAGE_KEY = 'hearth.files.listWidth';

/** The Files tab (dashboard.md §2 Files). */
export function FilesScreen({ instance, canRead, canWrite, footerExtra }: FilesScreenProps) {
  if (!canRead) {
    return (
      <div className="flex h-full flex-col items-center justify-center gap-3 p-8 text-center">
        <Lock aria-hidden className="size-8 text-faint" />
        <p className="text-sm text-muted">
          <Trans>You don't have permission to read this folder</Trans>
        </p>
      </div>
    );
  }
  return <FileBrowser instance={instance} canWrite={canWrite} footerExtra={footerExtra} />;
}

function FileBrowser({
  instance,
  canWrite,
  footerExtra,
}: {
  instance: InstanceInfo;
  canWrite: boolean;
  footerExtra: ReactNode;
}) {
  const { t } = useLingui();
  const ctl = useFilesController(instance.uuid, canWrite);
  const narrow = useNarrowLayout();
  const [width, setWidth] = useResizableWidth(FILE_PANE_STORAGE_KEY, FILE_PANE_LIMITS);
  const { editor, state } = ctl;

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (
      event.key.toLowerCase() !== 's' ||
      !(event.ctrlKey || event.metaKey) ||
      event.altKey ||
      event.shiftKey
    )
      return;
    if (!editor.file) return;
    event.preventDefault();
    if (canWrite) editor.save();
  };

  const downloadOpenFile = () => {
    if (editor.file) void ctl.ops.download([editor.file]);
  };

  return (
    <div className="flex h-full min-h-[40rem] flex-col bg-bg wide:min-h-0" onKeyDown={onKeyDown}>
      <FilesToolbar ctl={ctl} rootLabel={instance.name} />
      {/* Narrow screens stack the list over the editor; wide ones put them side by side. */}
      <div className="flex min-h-0 flex-1 flex-col wide:flex-row">
        <div
          style={narrow ? undefined : { width }}
          className="relative flex h-[40%] min-h-0 shrink-0 flex-col border-b border-line bg-panel wide:h-auto wide:border-r wide:border-b-0"
        >
          <FileListPane ctl={ctl} />
          {narrow ? null : (
            <ResizeHandle
              label={t`Resize file list`}
              width={width}
              limits={FILE_PANE_LIMITS}
              onResize={setWidth}
            />
          )}
        </div>
        <div className="min-h-0 min-w-0 flex-1">
          <EditorPane open={editor} canWrite={canWrite} onDownload={downloadOpenFile} />
        </div>
      </div>
      <FilesFooter
        selected={state.selected.size === 0 ? 0 : ctl.selected.length}
        inClipboard={state.clipboard?.items.length ?? 0}
        total={ctl.list.isSuccess ? ctl.files.length : null}
        extra={footerExtra}
      />
      <FileDialogs ctl={ctl} />
    </div>
  );
}
