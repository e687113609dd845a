import { Trans, useLingui } from '@lingui/react/macro';
import {
  ChevronDown,
  Download,
  FilePlus,
  FolderPlus,
  ListChecks,
  PackageOpen,
  Plus,
  Scissors,
  Trash2,
} from 'lucide-react';
import {
  DropdownMenu,
  DropdownMenuItem,
  DropdownMenuSeparator,
} from '@/components/ui/dropdown-menu.tsx';
import { noPermissionText } from '../model/context-menu-model.ts';
import { canUnarchiveSelection } from '../model/unzip-rules.ts';
import type { FilesController } from '../use-files-controller.ts';

const ICON = 'size-4 shrink-0 text-muted';

/** The toolbar's Add/Remove menu (dashboard.md §2 Files). */
export function AddRemoveMenu({ ctl }: { ctl: FilesController }) {
  const { t } = useLingui();
  const { selected, canWrite } = ctl;
  const none = selected.length === 0;
  const hint = canWrite ? undefined : noPermissionText();
  return (
    <DropdownMenu
      width={canWrite ? 208 : 256}
      trigger={
        <button
          type="button"
          aria-label={t`Add/Remove`}
          title={t`Add/Remove`}
          className="flex h-11 shrink-0 items-center gap-1 rounded-md border border-line bg-raised px-2 text-muted wide:h-8 hover:bg-hover hover:text-fg data-[state=open]:bg-hover data-[state=open]:text-fg"
        >
          <Plus aria-hidden className="size-4" />
          <ChevronDown aria-hidden className="size-3.5" />
        </button>
      }
    >
      <DropdownMenuItem
        icon={<ListChecks aria-hidden className={ICON} />}
        onSelect={ctl.toggleAll}
        disabled={ctl.files.length === 0}
      >
        {ctl.allSelected ? <Trans>Deselect all</Trans> : <Trans>Select all</Trans>}
      </DropdownMenuItem>
      <DropdownMenuSeparator />
      <DropdownMenuItem
        icon={<Scissors aria-hidden className={ICON} />}
        onSelect={() => ctl.ops.toClipboard('cut', selected)}
        disabled={none || !canWrite}
        hint={hint}
      >
        <Trans>Cut selected</Trans>
      </DropdownMenuItem>
      <DropdownMenuItem
        icon={<Download aria-hidden className={ICON} />}
        onSelect={() => void ctl.ops.download(selected)}
        disabled={none}
      >
        <Trans>Download selected</Trans>
      </DropdownMenuItem>
      <DropdownMenuItem
        icon={<PackageOpen aria-hidden className={ICON} />}
        onSelect={ctl.unarchiveSelected}
        disabled={!canUnarchiveSelection(selected) || !canWrite}
        hint={hint}
      >
        <Trans>Unarchive selected</Trans>
      </DropdownMenuItem>
      <DropdownMenuSeparator />
      <DropdownMenuItem
        icon={<FilePlus aria-hidden className={ICON} />}
        onSelect={() => ctl.setDialog({ kind: 'new-file' })}
        disabled={!canWrite}
        hint={hint}
      >
        <Trans>New file</Trans>
      </DropdownMenuItem>
      <DropdownMenuItem
        icon={<FolderPlus aria-hidden className={ICON} />}
        onSelect={() => ctl.setDialog({ kind: 'new-folder' })}
        disabled={!canWrite}
        hint={hint}
      >
        <Trans>New folder</Trans>
      </DropdownMenuItem>
      <DropdownMenuSeparator />
      <DropdownMenuItem
        icon={<Trash2 aria-hidden className="size-4 shrink-0" />}
        onSelect={() => ctl.setDialog({ kind: 'delete', items: selected })}
        disabled={none || !canWrite}
        hint={hint}
        danger
      >
        <Trans>Delete selected</Trans>
      </DropdownMenuItem>
    </DropdownMenu>
  );
}
