import { useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQueryClient } from '@tanstack/react-query';
import type { CoreInfo } from '@hearth/protocol';
import { Button } from '@/components/ui/button.tsx';
import { FormError, SelectField, TextField } from '@/components/ui/field.tsx';
import { ApiError } from '@/lib/api-client.ts';
import { toUserMessage } from '@/lib/errors.ts';
import { selectCore } from '@/lib/session.ts';
import type { CoreConnection } from '@/lib/session.ts';
import { useForm } from '@/lib/use-form.ts';
import { getCoreInfo, getCoreInfoQueryOptions } from '../api/get-core-info.ts';
import {
  API_VERSION_OPTIONS,
  PROTOCOL_OPTIONS,
  coreFromForm,
  defaultCoreFormValues,
  invalidCoreResponseText,
  validateCoreForm,
} from '../core-form.ts';

/** An example host name (not a text: the same in every language). */
const ADDRESS_EXAMPLE = 'localhost';

const toOptions = (values: readonly string[]) => values.map((value) => ({ value, label: value }));

/** A core that answered with anything but a 200 CoreInfo is not a (compatible) core. */
function addCoreError(err: unknown): string {
  if (err instanceof ApiError && (err.failure.type === 'http' || err.failure.type === 'unknown'))
    return invalidCoreResponseText();
  return toUserMessage(err);
}

/** Add core (dashboard.md §2, §5): checks `/info` answers 200, then saves and selects the core. */
export function AddCoreForm({
  onAdded,
  onBack,
}: {
  onAdded: (core: CoreConnection, info: CoreInfo) => void;
  onBack: () => void;
}) {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const form = useForm({ ...defaultCoreFormValues() }, validateCoreForm);
  const [checking, setChecking] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const submit = form.handleSubmit(async (values) => {
    const core = coreFromForm(values);
    if (!core) return;
    setChecking(true);
    setError(null);
    try {
      const info = await getCoreInfo(core);
      queryClient.setQueryData(getCoreInfoQueryOptions(core).queryKey, info);
      selectCore(core);
      onAdded(core, info);
    } catch (err) {
      setError(addCoreError(err));
    } finally {
      setChecking(false);
    }
  });

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-4">
      <div className="grid grid-cols-2 gap-4">
        <SelectField
          label={t`API Version`}
          options={toOptions(API_VERSION_OPTIONS)}
          {...form.field('apiVersion')}
        />
        <SelectField
          label={t`Protocol`}
          options={toOptions(PROTOCOL_OPTIONS)}
          {...form.field('protocol')}
        />
      </div>
      <div className="grid grid-cols-[7.5rem_1fr] gap-4">
        <TextField label={t`Port`} inputMode="numeric" autoComplete="off" {...form.field('port')} />
        <TextField
          label={t`IP Address/Domain`}
          placeholder={ADDRESS_EXAMPLE}
          autoComplete="off"
          spellCheck={false}
          autoFocus
          {...form.field('address')}
        />
      </div>
      <FormError message={error} />
      <div className="mt-1 flex gap-3">
        <Button onClick={onBack} className="px-6">
          <Trans>Back</Trans>
        </Button>
        <Button type="submit" variant="primary" loading={checking} className="flex-1">
          <Trans>Add and Continue</Trans>
        </Button>
      </div>
    </form>
  );
}
