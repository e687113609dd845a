import { Trans, useLingui } from '@lingui/react/macro';
import { Download, Lock, RotateCcw, Trash2, X } from 'lucide-react';
import type { LucideIcon } from 'lucide-react';
import type { BackupRecord } from '@hearth/protocol';
import { Badge } from '@/components/ui/badge.tsx';
import { Button } from '@/components/ui/button.tsx';
import type { ButtonProps } from '@/components/ui/button.tsx';
import { ListTable } from '@/components/ui/list-table.tsx';
import type { Column } from '@/components/ui/table.tsx';
import { Switch } from '@/components/ui/switch.tsx';
import { formatSize } from '@/lib/i18n/format.ts';
import { backupLabel, formatDateTime, madeByText } from '../backup-format.ts';

export interface BackupRights {
  /** can_read_instance_file: list, create, download. */
  read: boolean;
  /** can_write_instance_file: lock, rename, settings. */
  write: boolean;
  /** can_write_instance_file + can_stop_instance: restore, delete. */
  replace: boolean;
}

export interface BackupTableProps {
  backups: BackupRecord[];
  rights: BackupRights;
  onRestore: (backup: BackupRecord) => void;
  onDownload: (backup: BackupRecord) => void;
  onDelete: (backup: BackupRecord) => void;
  /** Removes a Failed row (it has no archive; nothing is lost). */
  onDismiss: (backup: BackupRecord) => void;
  onLock: (backup: BackupRecord, locked: boolean) => void;
}

function Kind({ backup }: { backup: BackupRecord }) {
  if (backup.state === 'Failed')
    return (
      <Badge tone="danger">
        <Trans>Failed</Trans>
      </Badge>
    );
  if (backup.state === 'Creating')
    return (
      <Badge tone="warning" pulse>
        <Trans>In progress</Trans>
      </Badge>
    );
  if (backup.safety)
    return (
      <Badge>
        <Trans>Safety</Trans>
      </Badge>
    );
  if (backup.live)
    return (
      <Badge tone="warning">
        <Trans>Taken live</Trans>
      </Badge>
    );
  return null;
}

type RowHandlers = Pick<BackupTableProps, 'onRestore' | 'onDownload' | 'onDelete' | 'onDismiss'>;

/** A row's action: a small ghost button, its icon before its name. */
function RowButton({ icon: Icon, children, ...props }: ButtonProps & { icon: LucideIcon }) {
  return (
    <Button size="sm" variant="ghost" {...props}>
      <Icon aria-hidden className="size-3.5" />
      {children}
    </Button>
  );
}

/** Restore, download and delete; a failed backup (no archive) can only be dismissed. */
function RowActions({
  backup,
  rights,
  handlers,
}: {
  backup: BackupRecord;
  rights: BackupRights;
  handlers: RowHandlers;
}) {
  const { t } = useLingui();
  const noPermission = (allowed: boolean) => (allowed ? undefined : t`No permission`);
  if (backup.state === 'Failed')
    return (
      <div className="flex justify-end gap-1">
        <RowButton
          icon={X}
          disabled={!rights.replace}
          title={noPermission(rights.replace)}
          onClick={() => handlers.onDismiss(backup)}
        >
          <Trans>Dismiss</Trans>
        </RowButton>
      </div>
    );
  const ready = backup.state === 'Ready';
  return (
    <div className="flex justify-end gap-1">
      <RowButton
        icon={RotateCcw}
        disabled={!rights.replace || !ready}
        title={noPermission(rights.replace)}
        onClick={() => handlers.onRestore(backup)}
      >
        <Trans>Restore</Trans>
      </RowButton>
      <RowButton
        icon={Download}
        disabled={!rights.read || !ready}
        onClick={() => handlers.onDownload(backup)}
      >
        <Trans>Download</Trans>
      </RowButton>
      <RowButton
        icon={backup.locked ? Lock : Trash2}
        disabled={!rights.replace || !ready || backup.locked}
        title={backup.locked ? t`Unlock it to delete it` : noPermission(rights.replace)}
        onClick={() => handlers.onDelete(backup)}
      >
        <Trans>Delete</Trans>
      </RowButton>
    </div>
  );
}

/** The backups of an instance: name, created, size, made by, lock, and what may be done to each. */
export function BackupTable({ backups, rights, onLock, ...handlers }: BackupTableProps) {
  const { t } = useLingui();
  const columns: Column<BackupRecord>[] = [
    {
      header: <Trans>Name</Trans>,
      cell: (backup) => (
        <>
          <div className="flex flex-wrap items-center gap-2">
            <span className="font-medium" translate="no">
              {backupLabel(backup)}
            </span>
            <Kind backup={backup} />
          </div>
          {backup.state === 'Failed' ? (
            <p className="mt-1 text-[13px] text-danger">{backup.failure ?? t`Unknown error`}</p>
          ) : null}
        </>
      ),
    },
    {
      header: <Trans>Created</Trans>,
      className: 'whitespace-nowrap text-muted',
      cell: (backup) => formatDateTime(backup.created_at),
    },
    {
      header: <Trans>Size</Trans>,
      className: 'whitespace-nowrap text-muted',
      cell: (backup) => (backup.state === 'Ready' ? formatSize(backup.size_bytes) : '—'),
    },
    {
      header: <Trans>Made by</Trans>,
      className: 'text-muted',
      cell: (backup) => madeByText(backup.made_by),
    },
    {
      header: <Trans>Lock</Trans>,
      cell: (backup) => {
        const label = backupLabel(backup);
        return (
          <Switch
            label={t`Lock ${label}`}
            checked={backup.locked}
            disabled={!rights.write || backup.state !== 'Ready'}
            onCheckedChange={(locked) => onLock(backup, locked)}
          />
        );
      },
    },
    {
      actions: true,
      cell: (backup) => <RowActions backup={backup} rights={rights} handlers={handlers} />,
    },
  ];
  return (
    <ListTable
      columns={columns}
      rows={backups}
      rowKey={(backup) => backup.id}
      rowProps={(backup) => ({ 'aria-label': backupLabel(backup) })}
    />
  );
}
