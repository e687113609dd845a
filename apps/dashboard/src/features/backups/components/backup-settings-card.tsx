import { useState } from 'react';
import { BACKUP_EXCLUDES_MAX } from '@hearth/protocol';
import type { BackupSettings } from '@hearth/protocol';
import { Button } from '@/components/ui/button.tsx';
import { FormError, TextField } from '@/components/ui/field.tsx';
import { toUserMessage } from '@/lib/errors.ts';
import { notify } from '@/lib/toast.ts';
import { useUpdateBackupSettingsMutation } from '../api/backup-settings.ts';
import { parseRetention, retentionForm, type RetentionErrors } from '../backup-format.ts';

/** Retention (keep last N / newer than D days / under S GiB; empty = no limit) and excludes. */
export function BackupSettingsCard({
  instanceUuid,
  settings,
  canWrite,
}: {
  instanceUuid: string;
  settings: BackupSettings;
  canWrite: boolean;
}) {
  const [form, setForm] = useState(() => retentionForm(settings.retention));
  const [excludes, setExcludes] = useState(settings.excludes);
  const [errors, setErrors] = useState<RetentionErrors>({});
  const save = useUpdateBackupSettingsMutation(instanceUuid);

  const submit = () => {
    const retention = parseRetention(form);
    if (!retention.ok) {
      setErrors(retention.errors);
      return;
    }
    setErrors({});
    save.mutate(
      { retention: retention.value, excludes },
      { onSuccess: () => notify('success', 'Backup settings saved') },
    );
  };

  const field = (key: keyof typeof form, label: string, hint: string) => (
    <TextField
      label={label}
      hint={hint}
      inputMode="decimal"
      disabled={!canWrite}
      value={form[key]}
      error={errors[key]}
      placeholder="No limit"
      onChange={(event) => setForm({ ...form, [key]: event.target.value })}
    />
  );

  return (
    <section aria-label="Backup settings" className="flex flex-col gap-2">
      <header>
        <h2 className="text-sm font-semibold">Backup settings</h2>
        <p className="text-[13px] text-faint">
          After each backup, older ones beyond any limit set here are removed. Locked backups are
          never removed and not counted.
        </p>
      </header>
      <form
        noValidate
        className="flex flex-col gap-4 rounded-lg border border-line bg-panel p-5"
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <div className="grid gap-4 sm:grid-cols-3">
          {field('keepLast', 'Keep the last', 'backups')}
          {field('maxAgeDays', 'Remove after', 'days')}
          {field('maxTotalGib', 'Keep under', 'GiB in total')}
        </div>
        <div className="flex flex-col gap-1.5">
          <label htmlFor="backup-excludes" className="text-[13px] font-medium text-muted">
            Excluded files
          </label>
          <textarea
            id="backup-excludes"
            aria-describedby="backup-excludes-hint"
            rows={6}
            spellCheck={false}
            maxLength={BACKUP_EXCLUDES_MAX}
            disabled={!canWrite}
            value={excludes}
            onChange={(event) => setExcludes(event.target.value)}
            className="rounded-md border border-line bg-bg px-3 py-2 font-mono text-[13px] text-fg focus-visible:outline-2 focus-visible:outline-accent disabled:opacity-60"
          />
          <p id="backup-excludes-hint" className="text-[13px] text-faint">
            One pattern per line, as in .gitignore, relative to the instance folder (for example{' '}
            <code>logs/</code>). Nothing is left out unless you list it.
          </p>
        </div>
        <FormError message={save.isError ? toUserMessage(save.error) : null} />
        <div className="flex justify-end">
          <Button type="submit" variant="primary" disabled={!canWrite} loading={save.isPending}>
            {canWrite ? 'Save settings' : 'No permission'}
          </Button>
        </div>
      </form>
    </section>
  );
}
