import { useState } from 'react';
import { BackupNameSchema } from '@hearth/protocol';
import { Button } from '@/components/ui/button.tsx';
import { Checkbox } from '@/components/ui/checkbox.tsx';
import { Modal } from '@/components/ui/dialog.tsx';
import { TextField } from '@/components/ui/field.tsx';
import { toUserMessage } from '@/lib/errors.ts';
import { useCreateBackupMutation } from '../api/create-backup.ts';

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

  const submit = () => {
    const trimmed = name.trim();
    const parsed = trimmed === '' ? null : BackupNameSchema.safeParse(trimmed);
    if (parsed && !parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Invalid name');
      return;
    }
    create.mutate(
      { name: parsed ? parsed.data : null, locked },
      { onSuccess: onClose, onError: (err) => setError(toUserMessage(err)) },
    );
  };

  return (
    <Modal
      open
      onOpenChange={(open) => !open && !create.isPending && onClose()}
      title="Create backup"
      description="A copy of the instance folder is made now, also while the server runs; it shows below when it is done."
    >
      <form
        noValidate
        className="flex flex-col gap-4"
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <TextField
          label="Name"
          optional
          autoFocus
          autoComplete="off"
          placeholder="Before the update"
          value={name}
          error={error}
          onChange={(event) => {
            setName(event.target.value);
            setError(undefined);
          }}
        />
        <label className="flex items-center gap-2 text-sm">
          <Checkbox label="Lock" checked={locked} onCheckedChange={setLocked} />
          <span>
            Lock <span className="text-faint">— never removed by retention or by deletion</span>
          </span>
        </label>
        <div className="flex justify-end gap-2">
          <Button onClick={onClose} disabled={create.isPending}>
            Cancel
          </Button>
          <Button type="submit" variant="primary" loading={create.isPending}>
            Create backup
          </Button>
        </div>
      </form>
    </Modal>
  );
}
