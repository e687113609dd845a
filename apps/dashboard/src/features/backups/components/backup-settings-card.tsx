import { t as tGlobal } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { BACKUP_EXCLUDES_MAX } from '@hearth/protocol';
import type { BackupSettings } from '@hearth/protocol';
import { Button } from '@/components/ui/button.tsx';
import { FormError, TextField } from '@/components/ui/field.tsx';
import { mutationFeedback } from '@/lib/errors.ts';
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
  const { t } = useLingui();

  const submit = () => {
    const retention = parseRetention(form);
    if (!retention.ok) {
      setErrors(retention.errors);
      return;
    }
    setErrors({});
    save.mutate(
      { retention: retention.value, excludes },
      { onSuccess: () => notify('success', tGlobal`Backup settings saved`) },
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
      placeholder={t`No limit`}
      onChange={(event) => setForm({ ...form, [key]: event.target.value })}
    />
  );

  return (
    <section aria-label={t`Backup settings`} className="flex flex-col gap-2">
      <header>
        <h2 className="text-sm font-semibold">
          <Trans>Backup settings</Trans>
        </h2>
        <p className="text-[13px] text-faint">
          <Trans>
            After each backup, older ones beyond any limit set here are removed. Locked backups are
            never removed and not counted.
          </Trans>
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
          {field('keepLast', t`Keep the last`, t`backups`)}
          {field(
            'maxAgeDays',
            t`Remove after`,
            t({ message: 'days', context: 'remove after N days' }),
          )}
          {field('maxTotalGib', t`Keep under`, t`GiB in total`)}
        </div>
        <div className="flex flex-col gap-1.5">
          <label htmlFor="backup-excludes" className="text-[13px] font-medium text-muted">
            <Trans>Excluded files</Trans>
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
            <Trans>
              One pattern per line, as in .gitignore, relative to the instance folder (for example{' '}
              <code>logs/</code>). Nothing is left out unless you list it.
            </Trans>
          </p>
        </div>
        <FormError message={mutationFeedback(save).error} />
        <div className="flex justify-end">
          <Button type="submit" variant="primary" disabled={!canWrite} loading={save.isPending}>
            {canWrite ? t`Save settings` : t`No permission`}
          </Button>
        </div>
      </form>
    </section>
  );
}
