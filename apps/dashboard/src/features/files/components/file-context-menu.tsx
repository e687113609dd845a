import { Fragment } from 'react';
import { useLingui } from '@lingui/react/macro';
import type { ClientFile } from '@hearth/protocol';
import {
  ContextMenuContent,
  ContextMenuItem,
  ContextMenuSeparator,
} from '@/components/ui/context-menu.tsx';
import { contextMenuEntries, contextMenuSize } from '../model/context-menu-model.ts';
import type { MenuEntryId } from '../model/context-menu-model.ts';

export interface FileContextMenuProps {
  /** The right-clicked row, or null for the empty area. */
  target: ClientFile | null;
  targets: readonly ClientFile[];
  clipboardCount: number;
  canWrite: boolean;
  onAction: (id: MenuEntryId) => void;
}

/**
 * The right-click menu of dashboard.md §2 Files at its fixed size (176x259, 176x337 with the
 * unzip entries): 26 px entries, 13 px separators, 5 px padding and a 1 px border add up to it.
 */
export function FileContextMenu({
  target,
  targets,
  clipboardCount,
  canWrite,
  onAction,
}: FileContextMenuProps) {
  const { t } = useLingui();
  const size = contextMenuSize(target);
  const entries = contextMenuEntries({ target, targets, clipboardCount, canWrite });
  const name = target?.name ?? '';
  const label = target ? t`Actions for ${name}` : t`Folder actions`;
  return (
    <ContextMenuContent label={label} style={{ width: size.width, height: size.height }}>
      {entries.map((entry) => (
        <Fragment key={entry.id}>
          {entry.groupStart ? <ContextMenuSeparator className="my-1.5" /> : null}
          <ContextMenuItem
            className="h-[26px]"
            disabled={entry.disabled}
            hint={entry.hint}
            onSelect={() => onAction(entry.id)}
          >
            {entry.label}
          </ContextMenuItem>
        </Fragment>
      ))}
    </ContextMenuContent>
  );
}
