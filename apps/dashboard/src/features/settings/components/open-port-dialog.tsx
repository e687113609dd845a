import { useState } from 'react';
import { t as tGlobal } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { DEFAULT_OPEN_PORT } from '@hearth/protocol';
import { Modal } from '@/components/ui/dialog.tsx';
import type { DialogOpenProps } from '@/components/ui/dialog.tsx';
import { FormActions } from '@/components/ui/dialog-actions.tsx';
import { FormError, TextField } from '@/components/ui/field.tsx';
import { mutationFeedback } from '@/lib/errors.ts';
import type { CoreConnection } from '@/lib/session.ts';
import { notify } from '@/lib/toast.ts';
import { useOpenPortMutation } from '../api/open-port.ts';
import { checkOpenPort } from '../core-settings-validation.ts';

/** Open Port (UPnP): asks the router to forward a TCP port to this machine (dashboard.md §5). */
export function OpenPortDialog({
  core,
  open,
  onOpenChange,
}: DialogOpenProps & { core: CoreConnection }) {
  const { t } = useLingui();
  const [value, setValue] = useState(String(DEFAULT_OPEN_PORT));
  const [touched, setTouched] = useState(false);
  const openPort = useOpenPortMutation();
  const check = checkOpenPort(value);
  const fieldError = touched && !check.ok ? check.message : undefined;

  const close = (next: boolean) => {
    if (openPort.isPending) return;
    onOpenChange(next);
    if (!next) {
      setValue(String(DEFAULT_OPEN_PORT));
      setTouched(false);
      openPort.reset();
    }
  };

  const submit = () => {
    setTouched(true);
    if (!check.ok) return;
    const port = check.port;
    openPort.mutate(
      { core, port },
      {
        onSuccess: () => {
          notify('success', tGlobal`Port ${port} opened`);
          close(false);
        },
      },
    );
  };

  return (
    <Modal
      open={open}
      onOpenChange={close}
      title={t`Open Port (UPnP)`}
      description={t`Asks your router, through UPnP, to forward this TCP port to the machine the core runs on.`}
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
          label={t`Port to open`}
          inputMode="numeric"
          autoFocus
          value={value}
          error={fieldError}
          onChange={(event) => {
            setValue(event.target.value);
            setTouched(true);
          }}
        />
        <FormError message={mutationFeedback(openPort).error} />
        <FormActions
          className="mt-1"
          confirmLabel={<Trans>Open Port</Trans>}
          pending={openPort.isPending}
          onCancel={() => close(false)}
        />
      </form>
    </Modal>
  );
}
