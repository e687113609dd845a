import { useRef } from 'react';
import type { KeyboardEvent } from 'react';
import { useLingui } from '@lingui/react/macro';
import { useVirtualizer } from '@tanstack/react-virtual';
import type { ClientFile } from '@hearth/protocol';
import { useMinuteClock } from '@/lib/use-clock.ts';
import { FileRow, ParentRow, ROW_HEIGHT } from './file-row.tsx';

export interface FileListProps {
  files: readonly ClientFile[];
  showParent: boolean;
  selected: ReadonlySet<string>;
  openPath: string | null;
  /** The row whose right-click menu is open. */
  menuPath: string | null;
  cutPaths: ReadonlySet<string>;
  /** Hearth's own files (marked). */
  corePaths: ReadonlySet<string>;
  onToggle: (path: string) => void;
  onOpen: (file: ClientFile) => void;
  onParent: () => void;
}

/**
 * The rows, virtualized (@tanstack/react-virtual): only what is on screen is in the DOM, so a
 * 10,000-entry folder scrolls as smoothly as a small one. Up/Down move between rows.
 */
export function FileList({
  files,
  showParent,
  selected,
  openPath,
  menuPath,
  cutPaths,
  corePaths,
  onToggle,
  onOpen,
  onParent,
}: FileListProps) {
  const { t } = useLingui();
  const scroller = useRef<HTMLDivElement>(null);
  const offset = showParent ? 1 : 0;
  const count = files.length + offset;
  const virtualizer = useVirtualizer({
    count,
    getScrollElement: () => scroller.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 12,
  });
  const nowMs = useMinuteClock();

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
    const row = (event.target as HTMLElement).closest<HTMLElement>('[data-index]');
    if (!row) return;
    const next = Number(row.dataset.index) + (event.key === 'ArrowDown' ? 1 : -1);
    if (next < 0 || next >= count) return;
    event.preventDefault();
    virtualizer.scrollToIndex(next);
    const focus = () =>
      scroller.current
        ?.querySelector<HTMLElement>(`[data-index="${next}"] [data-row-button]`)
        ?.focus();
    requestAnimationFrame(focus);
  };

  return (
    <div
      ref={scroller}
      onKeyDown={onKeyDown}
      className="h-full overflow-y-auto"
      data-testid="file-list-scroller"
    >
      <div
        role="grid"
        aria-label={t`Files`}
        aria-rowcount={count}
        className="relative w-full"
        style={{ height: virtualizer.getTotalSize() }}
      >
        {virtualizer.getVirtualItems().map((item) => {
          if (showParent && item.index === 0) return <ParentRow key="..parent" onOpen={onParent} />;
          const file = files[item.index - offset];
          if (!file) return null;
          return (
            <FileRow
              key={file.path}
              file={file}
              top={item.start}
              index={item.index}
              selected={selected.has(file.path)}
              open={openPath === file.path}
              menuTarget={menuPath === file.path}
              cut={cutPaths.has(file.path)}
              core={corePaths.has(file.path)}
              nowMs={nowMs}
              onToggle={onToggle}
              onOpen={onOpen}
            />
          );
        })}
      </div>
    </div>
  );
}
