import { useEffect, useRef, useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Button } from '@/components/ui/button.tsx';
import { FormError, TextField } from '@/components/ui/field.tsx';
import { toUserMessage } from '@/lib/errors.ts';
import type { CoreConnection } from '@/lib/session.ts';
import { useForm } from '@/lib/use-form.ts';
import { useGlobalSettings } from '../api/get-global-settings.ts';
import { useUpdateCoreDomainMutation } from '../api/update-core-domain.ts';
import { useUpdateCoreNameMutation } from '../api/update-core-name.ts';
import { validateCoreConfig } from '../core-config-validation.ts';

/** Customize core (dashboard.md §2): Core Name and an optional Public Domain/IP. */
export function CoreConfigForm({ core, onSaved }: { core: CoreConnection; onSaved: () => void }) {
  const { t } = useLingui();
  const settings = useGlobalSettings();
  const form = useForm({ coreName: '', domain: '' }, validateCoreConfig);
  const { setValues } = form;
  const updateName = useUpdateCoreNameMutation();
  const updateDomain = useUpdateCoreDomainMutation();
  const [error, setError] = useState<string | null>(null);
  const prefilled = useRef(false);

  useEffect(() => {
    if (prefilled.current || !settings.data) return;
    prefilled.current = true;
    setValues((current) => ({
      coreName: current.coreName || settings.data.core_name,
      domain: current.domain || (settings.data.domain ?? ''),
    }));
  }, [settings.data, setValues]);

  const saving = updateName.isPending || updateDomain.isPending;
  const submit = form.handleSubmit(async (values) => {
    setError(null);
    try {
      await updateName.mutateAsync({ core, name: values.coreName.trim() });
      await updateDomain.mutateAsync({ core, domain: values.domain.trim() });
      onSaved();
    } catch (err) {
      setError(toUserMessage(err));
    }
  });

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-4">
      <TextField label={t`Core Name`} autoFocus maxLength={64} {...form.field('coreName')} />
      <TextField
        label={t`Public Domain/IP`}
        optional
        placeholder={core.address}
        hint={t`The address players use to reach this machine, if its ports are forwarded.`}
        {...form.field('domain')}
      />
      <FormError message={error} />
      <Button type="submit" variant="primary" loading={saving} className="mt-1 w-full">
        <Trans>Save and Continue</Trans>
      </Button>
    </form>
  );
}
