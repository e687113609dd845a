import { useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Button } from '@/components/ui/button.tsx';
import { FormError, SelectField } from '@/components/ui/field.tsx';
import { coreKey, sameCore } from '@/lib/session.ts';
import type { CoreConnection } from '@/lib/session.ts';
import { DownloadCoreLink } from './download-core-link.tsx';

export function coreLabel(core: CoreConnection): string {
  return `${core.protocol}://${coreKey(core)}`;
}

/** Select core (dashboard.md §2): the saved cores, Connect a new core, and the download link. */
export function CoreSelectForm({
  cores,
  current,
  onConnect,
  onNewCore,
  error,
  connecting,
}: {
  cores: readonly CoreConnection[];
  current: CoreConnection | null;
  onConnect: (core: CoreConnection) => void;
  onNewCore: () => void;
  error: string | null;
  connecting: boolean;
}) {
  const { t } = useLingui();
  const initial = Math.max(
    0,
    cores.findIndex((core) => sameCore(core, current)),
  );
  const [index, setIndex] = useState(String(initial));
  const chosen = cores[Number(index)];

  return (
    <form
      noValidate
      className="flex flex-col gap-4"
      onSubmit={(event) => {
        event.preventDefault();
        if (chosen) onConnect(chosen);
      }}
    >
      <SelectField
        label={t`Core`}
        value={index}
        onChange={(event) => setIndex(event.target.value)}
        options={cores.map((core, i) => ({ value: String(i), label: coreLabel(core) }))}
      />
      <FormError message={error} />
      <Button
        type="submit"
        variant="primary"
        loading={connecting}
        disabled={!chosen}
        className="w-full"
      >
        <Trans>Connect</Trans>
      </Button>
      <div className="flex flex-col gap-3 sm:flex-row">
        <Button onClick={onNewCore} className="sm:flex-1">
          <Trans>Connect a new core</Trans>
        </Button>
        <DownloadCoreLink variant="ghost" className="sm:flex-1" />
      </div>
    </form>
  );
}
