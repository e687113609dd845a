import { useMemo, useState } from 'react';
import { plural } from '@lingui/core/macro';
import type { MouseEvent } from 'react';
import { Upload } from 'lucide-react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { ClientFile } from '@hearth/protocol';
import { ContextMenuRoot, ContextMenuTrigger } from '@/components/ui/context-menu.tsx';
import { toUserMessage } from '@/lib/errors.ts';
import { isRootPath, parentPath } from '../model/file-path.ts';
import { menuTargets } from '../model/file-plans.ts';
import type { FilesController } from '../use-files-controller.ts';
import { useFileDrop } from '../use-file-drop.ts';
import { FileContextMenu } from './file-context-menu.tsx';
import { FileList } from './file-list.tsx';
import { UploadsPanel } from './uploads-panel.tsx';

function Message({ children, alert = false }: { children: string; alert?: boolean }) {
  return (
    <p role={alert ? 'alert' : undefined} className="px-4 py-6 text-center text-[13px] text-muted">
      {children}
    </p>
  );
}

/** The left pane: list states, rows, the right-click menu, drop-to-upload and upload progress. */
export function FileListPane({ ctl }: { ctl: FilesController }) {
  const { t } = useLingui();
  const { list, files, state } = ctl;
  const [target, setTarget] = useState<ClientFile | null>(null);
  const [menuOpen, setMenuOpen] = useState(false);
  const byPath = useMemo(() => new Map(files.map((f) => [f.path, f])), [files]);
  const cutPaths = useMemo(
    () =>
      new Set(state.clipboard?.action === 'cut' ? state.clipboard.items.map((f) => f.path) : []),
    [state.clipboard],
  );
  const corePaths = useMemo(() => new Set(ctl.coreFiles.map((f) => f.path)), [ctl.coreFiles]);
  const drop = useFileDrop(ctl.canWrite, (dropped) => ctl.uploads.start(dropped, state.path));
  const showParent = !isRootPath(state.path);

  const onContextMenu = (event: MouseEvent<HTMLElement>) => {
    const row = (event.target as HTMLElement).closest<HTMLElement>('[data-file-path]');
    setTarget(row ? (byPath.get(row.dataset.filePath ?? '') ?? null) : null);
  };

  const coreCount = ctl.coreFiles.length;
  const coreBar =
    list.isSuccess && coreCount > 0 ? (
      <div className="flex flex-wrap items-center justify-between gap-x-2 gap-y-0.5 border-b border-line px-3 py-1.5 text-[11px] text-faint">
        <span>
          {ctl.showCoreFiles
            ? t`Hearth files shown`
            : plural(coreCount, { one: '# Hearth file hidden', other: '# Hearth files hidden' })}
        </span>
        <button
          type="button"
          aria-pressed={ctl.showCoreFiles}
          onClick={() => ctl.setShowCoreFiles(!ctl.showCoreFiles)}
          className="min-h-11 shrink-0 rounded px-1.5 py-0.5 text-muted hover:bg-hover hover:text-fg wide:min-h-0"
        >
          {ctl.showCoreFiles ? t`Hide Hearth files` : t`Show Hearth files`}
        </button>
      </div>
    ) : null;

  let body;
  if (list.isPending) body = <Message>{t`Loading...`}</Message>;
  else if (list.isError) body = <Message alert>{toUserMessage(list.error)}</Message>;
  else
    body = (
      <div className="relative h-full">
        <FileList
          files={files}
          showParent={showParent}
          selected={state.selected}
          openPath={state.openFile?.path ?? null}
          menuPath={menuOpen ? (target?.path ?? null) : null}
          cutPaths={cutPaths}
          corePaths={corePaths}
          onToggle={ctl.toggle}
          onOpen={ctl.open}
          onParent={() => void ctl.setPath(parentPath(state.path))}
        />
        {files.length === 0 ? (
          <div
            className="pointer-events-none absolute inset-x-0"
            style={{ top: showParent ? 44 : 0 }}
          >
            <Message>{t`No files here...`}</Message>
          </div>
        ) : null}
      </div>
    );

  return (
    <div className="relative flex h-full min-h-0 flex-col" {...drop.handlers}>
      {coreBar}
      <ContextMenuRoot modal={false} onOpenChange={setMenuOpen}>
        <ContextMenuTrigger asChild>
          <div className="min-h-0 flex-1" onContextMenu={onContextMenu}>
            {body}
          </div>
        </ContextMenuTrigger>
        <FileContextMenu
          target={target}
          targets={menuTargets(target, ctl.selected)}
          clipboardCount={state.clipboard?.items.length ?? 0}
          canWrite={ctl.canWrite}
          onAction={(id) => ctl.runMenuAction(id, target)}
        />
      </ContextMenuRoot>
      <UploadsPanel uploads={ctl.uploads.uploads} onCancel={ctl.uploads.cancel} />
      {drop.dragging ? (
        <div className="pointer-events-none absolute inset-1 z-20 flex flex-col items-center justify-center gap-2 rounded-lg border-2 border-dashed border-accent bg-bg/85 text-center">
          <Upload aria-hidden className="size-6 text-accent" />
          <p className="text-sm font-medium text-fg">
            <Trans>Release to Upload File</Trans>
          </p>
        </div>
      ) : null}
    </div>
  );
}
