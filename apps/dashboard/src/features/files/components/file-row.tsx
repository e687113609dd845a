import { memo, useId } from 'react';
import type { KeyboardEvent } from 'react';
import { CornerLeftUp } from 'lucide-react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { ClientFile } from '@hearth/protocol';
import { Checkbox } from '@/components/ui/checkbox.tsx';
import { cn } from '@/lib/cn.ts';
import { formatSize } from '@/lib/i18n/format.ts';
import { coreFileNote } from '../model/core-files.ts';
import { fileTimeText, fileTimeTitle, isDirectory } from '../model/file-kind.ts';
import { FileIcon } from './file-icon.tsx';

export const ROW_HEIGHT = 44;

/** The mark on Hearth's own files: the product's name, the same in every language. */
const HEARTH_MARK = 'Hearth';

const ROW = 'absolute inset-x-0 flex items-center gap-1 pr-2 pl-0 wide:gap-2 wide:pl-2';
// The name button fills the row's height: it is the row's one Tab stop and its touch target.
const NAME_BUTTON =
  'focus-inset flex h-full min-w-0 flex-1 flex-col items-start justify-center rounded px-1 text-left';

/** Space on a row's name selects the row (its checkbox is out of the Tab order). */
function spaceSelects(onToggle: () => void) {
  return {
    onKeyDown: (event: KeyboardEvent<HTMLButtonElement>) => {
      if (event.key !== ' ') return;
      event.preventDefault();
      if (!event.repeat) onToggle();
    },
    // A button clicks on Space's keyup: that would open the file as well.
    onKeyUp: (event: KeyboardEvent<HTMLButtonElement>) => {
      if (event.key === ' ') event.preventDefault();
    },
  };
}

export interface FileRowProps {
  file: ClientFile;
  top: number;
  index: number;
  selected: boolean;
  open: boolean;
  /** Its right-click menu is open. */
  menuTarget: boolean;
  cut: boolean;
  /** One of Hearth's own files (marked, with what it is). */
  core: boolean;
  nowMs: number;
  onToggle: (path: string) => void;
  onOpen: (file: ClientFile) => void;
}

/** One entry: checkbox, icon, name, modified time and size. */
export const FileRow = memo(function FileRow({
  file,
  top,
  index,
  selected,
  open,
  menuTarget,
  cut,
  core,
  nowMs,
  onToggle,
  onOpen,
}: FileRowProps) {
  // Re-rendered on a language change (its texts and the size's number format follow it).
  const { t } = useLingui();
  const size = isDirectory(file) || file.size === null ? null : formatSize(file.size);
  const name = file.name;
  const metaId = useId();
  const folder = isDirectory(file);
  return (
    <div
      role="row"
      // Named once (not by its checkbox's label and its button's name both), and a folder as one.
      aria-label={folder ? t`${name}, folder` : name}
      aria-rowindex={index + 1}
      aria-selected={selected}
      data-file-path={file.path}
      data-index={index}
      style={{ top, height: ROW_HEIGHT }}
      className={cn(
        ROW,
        'hover:bg-hover/60',
        selected && 'bg-accent/10',
        open && 'bg-hover',
        menuTarget && 'ring-1 ring-accent/70 ring-inset',
        cut && 'opacity-60',
      )}
    >
      <span role="gridcell" className="flex items-center">
        <Checkbox
          checked={selected}
          onCheckedChange={() => onToggle(file.path)}
          label={t`Select ${name}`}
          tabIndex={-1}
        />
      </span>
      <span role="gridcell" className="flex h-full min-w-0 flex-1 items-center gap-2">
        <FileIcon file={file} />
        <button
          type="button"
          data-row-button
          onClick={() => onOpen(file)}
          {...spaceSelects(() => onToggle(file.path))}
          className={NAME_BUTTON}
          title={file.name}
          aria-describedby={metaId}
        >
          <span className="flex w-full min-w-0 items-center gap-1.5">
            <span
              className={cn(
                'min-w-0 truncate text-[13px]',
                open ? 'font-medium text-accent' : 'text-fg',
              )}
              translate="no"
            >
              {file.name}
            </span>
            {core ? (
              <span
                aria-hidden
                title={coreFileNote(file)}
                className="shrink-0 rounded border border-line px-1 text-[10px] leading-4 text-faint"
              >
                {HEARTH_MARK}
              </span>
            ) : null}
          </span>
          {/* The time gives way first; the size is never cut ("1.2 KiB", not "1.2 KE"). The line
              describes the button rather than naming it, so the name is the file name alone. */}
          <span
            id={metaId}
            aria-hidden
            className="flex w-full min-w-0 gap-1.5 text-[11px] text-faint"
          >
            {folder ? (
              <span className="sr-only">
                <Trans>Folder, </Trans>
              </span>
            ) : null}
            <span className="min-w-0 truncate" title={fileTimeTitle(file) ?? undefined}>
              {fileTimeText(file, nowMs)}
            </span>
            {size ? (
              <>
                <span>·</span>
                <span className="shrink-0 whitespace-nowrap">{size}</span>
              </>
            ) : null}
            {core ? <span className="sr-only">{coreFileNote(file)}</span> : null}
          </span>
        </button>
      </span>
    </div>
  );
});

/** The `..` row (not at the top level): goes to the parent folder. */
export function ParentRow({ onOpen }: { onOpen: () => void }) {
  const { t } = useLingui();
  return (
    <div
      role="row"
      aria-label={t`Parent folder`}
      aria-rowindex={1}
      data-index={0}
      style={{ top: 0, height: ROW_HEIGHT }}
      className={cn(ROW, 'hover:bg-hover/60')}
    >
      <span
        role="gridcell"
        className="flex h-full min-w-0 flex-1 items-center gap-2 pl-12 wide:pl-6"
      >
        <CornerLeftUp aria-hidden className="size-4 shrink-0 text-muted" />
        <button
          type="button"
          data-row-button
          onClick={onOpen}
          title={t`Parent folder`}
          className={NAME_BUTTON}
        >
          <span className="text-[13px] text-fg">..</span>
        </button>
      </span>
    </div>
  );
}
