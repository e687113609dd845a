import { Trans } from '@lingui/react/macro';
import { useState } from 'react';
import type { ReactNode } from 'react';
import { Archive, Plus } from 'lucide-react';
import { backupProgressionKind } from '@hearth/protocol';
import type { BackupRecord, InstanceInfo } from '@hearth/protocol';
import { Button } from '@/components/ui/button.tsx';
import { ProgressBar } from '@/components/ui/progress-bar.tsx';
import {
  NoPermissionNotice,
  TabEmptyState,
  TabPage,
  tabData,
} from '@/components/layout/tab-page.tsx';
import { toUserMessage } from '@/lib/errors.ts';
import { useLingui as useLanguage } from '@/lib/i18n/lingui-react.tsx';
import { notify } from '@/lib/toast.ts';
import { useBackupSettings } from '../api/backup-settings.ts';
import { getBackupDownloadUrl } from '../api/get-backup-url.ts';
import { useDeleteBackupMutation } from '../api/delete-backup.ts';
import { useBackups } from '../api/get-backups.ts';
import { useUpdateBackupMutation } from '../api/update-backup.ts';
import { backupWorkTitle } from '../backup-format.ts';
import { workPercent } from '../backup-progress.ts';
import { useBackupEvents } from '../use-backup-events.ts';
import { BackupSettingsCard } from './backup-settings-card.tsx';
import { BackupTable, type BackupRights } from './backup-table.tsx';
import { CreateBackupDialog } from './create-backup-dialog.tsx';
import { DeleteBackupDialog } from './delete-backup-dialog.tsx';
import { RestoreBackupDialog } from './restore-backup-dialog.tsx';

export interface BackupsScreenProps {
  instance: InstanceInfo;
  rights: BackupRights;
  /** Starts a browser download of a URL (a link click; tests pass a spy). */
  download: (url: string) => void;
}

type Dialog =
  | { kind: 'create' }
  | { kind: 'restore'; backup: BackupRecord }
  | { kind: 'delete'; backup: BackupRecord }
  | null;

function EmptyState() {
  return (
    <TabEmptyState icon={Archive} title={<Trans>No backups yet</Trans>}>
      <Trans>
        A backup is a compressed copy of this instance&apos;s folder — world, settings, plugins —
        kept by Hearth outside the folder, where the server cannot change it. Restoring one puts the
        folder back as it was at that moment; the files it replaces are kept as a safety backup.
      </Trans>
    </TabEmptyState>
  );
}

/** The Backups tab (Hearth, issue 13): list, create, restore, download, delete, settings. */
export function BackupsScreen({ instance, rights, download }: BackupsScreenProps) {
  const backups = useBackups(instance.uuid, rights.read);
  const settings = useBackupSettings(instance.uuid, rights.read);
  const work = useBackupEvents(instance);
  const lock = useUpdateBackupMutation(instance.uuid);
  const dismiss = useDeleteBackupMutation(instance.uuid);
  const [dialog, setDialog] = useState<Dialog>(null);
  useLanguage();

  if (!rights.read)
    return (
      <TabPage title={<Trans>Backups</Trans>}>
        <NoPermissionNotice />
      </TabPage>
    );

  const startDownload = (backup: BackupRecord) =>
    getBackupDownloadUrl(instance.uuid, backup.id).then(download, (err: unknown) =>
      notify('error', toUserMessage(err)),
    );

  const loaded = tabData(rights.read, backups);
  let list: ReactNode;
  if (!loaded.ready) list = loaded.placeholder;
  else if (loaded.data.length === 0) list = <EmptyState />;
  else
    list = (
      <BackupTable
        backups={loaded.data}
        rights={rights}
        onRestore={(backup) => setDialog({ kind: 'restore', backup })}
        onDelete={(backup) => setDialog({ kind: 'delete', backup })}
        onDownload={(backup) => void startDownload(backup)}
        onDismiss={(backup) =>
          dismiss.mutate(backup.id, { onError: (err) => notify('error', toUserMessage(err)) })
        }
        onLock={(backup, locked) =>
          lock.mutate(
            { id: backup.id, body: { locked } },
            { onError: (err) => notify('error', toUserMessage(err)) },
          )
        }
      />
    );

  return (
    <TabPage
      title={<Trans>Backups</Trans>}
      action={
        <Button variant="primary" onClick={() => setDialog({ kind: 'create' })}>
          <Plus aria-hidden className="size-4" />
          <Trans>Create backup</Trans>
        </Button>
      }
    >
      {work.map((w) => {
        const kind = backupProgressionKind(w.title, instance.name);
        const title = kind === null ? w.title : backupWorkTitle(kind, instance.name);
        return (
          <div key={w.eventId} className="flex flex-col gap-1.5 rounded-lg border border-line p-4">
            <div className="flex justify-between gap-4 text-sm">
              <span className="font-medium">{title}</span>
              <span className="text-muted">{w.message}</span>
            </div>
            <ProgressBar percent={workPercent(w)} label={title} />
          </div>
        );
      })}
      {list}
      {settings.data ? (
        <BackupSettingsCard
          key={JSON.stringify(settings.data)}
          instanceUuid={instance.uuid}
          settings={settings.data}
          canWrite={rights.write}
        />
      ) : null}
      {dialog?.kind === 'create' ? (
        <CreateBackupDialog instanceUuid={instance.uuid} onClose={() => setDialog(null)} />
      ) : null}
      {dialog?.kind === 'restore' ? (
        <RestoreBackupDialog
          instance={instance}
          backup={dialog.backup}
          onClose={() => setDialog(null)}
        />
      ) : null}
      {dialog?.kind === 'delete' ? (
        <DeleteBackupDialog
          instanceUuid={instance.uuid}
          backup={dialog.backup}
          onClose={() => setDialog(null)}
        />
      ) : null}
    </TabPage>
  );
}
