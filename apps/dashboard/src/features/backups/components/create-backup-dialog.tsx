import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { BACKUP_NAME_MAX, backupNameProblem } from '@hearth/protocol';
import { Checkbox } from '@/components/ui/checkbox.tsx';
import { TextField } from '@/components/ui/field.tsx';
import { FormDialog } from '@/components/ui/form-dialog.tsx';
import { toUserMessage } from '@/lib/errors.ts';
import { useCreateBackupMutation } from '../api/create-backup.ts';
import { backupNameProblemText } from '../backup-format.ts';

/** Create backup: an optional name and lock; the backup then runs in the background. */
export function CreateBackupDialog({
  instanceUuid,
  onClose,
}: {
  instanceUuid: string;
  onClose: () => void;
}) {
  const [name, setName] = useState('');
  const [locked, setLocked] = useState(false);
  const [error, setError] = useState<string | undefined>(undefined);
  const create = useCreateBackupMutation(instanceUuid);
  const { t } = useLingui();

  const submit = () => {
    const trimmed = name.trim();
    const problem = trimmed === '' ? null : backupNameProblem(trimmed);
    if (problem !== null) {
      setError(backupNameProblemText(problem, BACKUP_NAME_MAX));
      return;
    }
    create.mutate(
      { name: trimmed === '' ? null : trimmed, locked },
      { onSuccess: onClose, onError: (err) => setError(toUserMessage(err)) },
    );
  };

  return (
    <FormDialog
      title={t`Create backup`}
      description={t`A copy of the instance folder is made now, also while the server runs; it shows below when it is done.`}
      submitLabel={<Trans>Create backup</Trans>}
      pending={create.isPending}
      onSubmit={submit}
      onClose={onClose}
    >
      <TextField
        label={t`Name`}
        optional
        autoFocus
        autoComplete="off"
        placeholder={t`Before the update`}
        value={name}
        error={error}
        onChange={(event) => {
          setName(event.target.value);
          setError(undefined);
        }}
      />
      <label className="flex items-center gap-2 text-sm">
        <Checkbox label={t`Lock`} checked={locked} onCheckedChange={setLocked} />
        <span>
          <Trans>
            Lock <span className="text-faint">— never removed by retention or by deletion</span>
          </Trans>
        </span>
      </label>
    </FormDialog>
  );
}
