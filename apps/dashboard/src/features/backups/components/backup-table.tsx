import { Download, Lock, RotateCcw, Trash2 } from 'lucide-react';
import { formatBytes } from '@hearth/protocol';
import type { BackupRecord } from '@hearth/protocol';
import { Badge } from '@/components/ui/badge.tsx';
import { Button } from '@/components/ui/button.tsx';
import { Switch } from '@/components/ui/switch.tsx';
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
  onLock: (backup: BackupRecord, locked: boolean) => void;
}

const HEAD = 'px-4 py-2 text-left text-xs font-medium tracking-wide text-faint uppercase';

function Kind({ backup }: { backup: BackupRecord }) {
  if (backup.state === 'Creating')
    return (
      <Badge tone="warning" pulse>
        In progress
      </Badge>
    );
  if (backup.safety) return <Badge>Safety</Badge>;
  if (backup.live) return <Badge tone="warning">Taken live</Badge>;
  return null;
}

/** The backups of an instance: name, created, size, made by, lock, and what may be done to each. */
export function BackupTable({
  backups,
  rights,
  onRestore,
  onDownload,
  onDelete,
  onLock,
}: BackupTableProps) {
  return (
    <div className="overflow-x-auto rounded-lg border border-line bg-panel">
      <table className="w-full text-sm">
        <thead className="border-b border-line">
          <tr>
            <th className={HEAD}>Name</th>
            <th className={HEAD}>Created</th>
            <th className={HEAD}>Size</th>
            <th className={HEAD}>Made by</th>
            <th className={HEAD}>Lock</th>
            <th className={HEAD}>
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-line">
          {backups.map((backup) => {
            const label = backupLabel(backup);
            const ready = backup.state === 'Ready';
            return (
              <tr key={backup.id} aria-label={label}>
                <td className="px-4 py-3">
                  <div className="flex flex-wrap items-center gap-2">
                    <span className="font-medium">{label}</span>
                    <Kind backup={backup} />
                  </div>
                </td>
                <td className="px-4 py-3 whitespace-nowrap text-muted">
                  {formatDateTime(backup.created_at)}
                </td>
                <td className="px-4 py-3 whitespace-nowrap text-muted">
                  {ready ? formatBytes(backup.size_bytes) : '—'}
                </td>
                <td className="px-4 py-3 text-muted">{madeByText(backup.made_by)}</td>
                <td className="px-4 py-3">
                  <Switch
                    label={`Lock ${label}`}
                    checked={backup.locked}
                    disabled={!rights.write || !ready}
                    onCheckedChange={(locked) => onLock(backup, locked)}
                  />
                </td>
                <td className="px-4 py-3">
                  <div className="flex justify-end gap-1">
                    <Button
                      size="sm"
                      variant="ghost"
                      disabled={!rights.replace || !ready}
                      title={rights.replace ? undefined : 'No permission'}
                      onClick={() => onRestore(backup)}
                    >
                      <RotateCcw aria-hidden className="size-3.5" />
                      Restore
                    </Button>
                    <Button
                      size="sm"
                      variant="ghost"
                      disabled={!rights.read || !ready}
                      onClick={() => onDownload(backup)}
                    >
                      <Download aria-hidden className="size-3.5" />
                      Download
                    </Button>
                    <Button
                      size="sm"
                      variant="ghost"
                      disabled={!rights.replace || !ready || backup.locked}
                      title={
                        backup.locked
                          ? 'Unlock it to delete it'
                          : rights.replace
                            ? undefined
                            : 'No permission'
                      }
                      onClick={() => onDelete(backup)}
                    >
                      {backup.locked ? (
                        <Lock aria-hidden className="size-3.5" />
                      ) : (
                        <Trash2 aria-hidden className="size-3.5" />
                      )}
                      Delete
                    </Button>
                  </div>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
