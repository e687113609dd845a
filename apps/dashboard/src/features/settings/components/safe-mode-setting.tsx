import { useState } from 'react';
import { useLingui } from '@lingui/react/macro';
import { SwitchRow } from '@/components/layout/settings-section.tsx';
import { Modal } from '@/components/ui/dialog.tsx';
import { toUserMessage } from '@/lib/errors.ts';
import type { CoreConnection } from '@/lib/session.ts';
import { notify } from '@/lib/toast.ts';
import { useUpdateSafeModeMutation } from '../api/update-safe-mode.ts';
import { DialogActions } from '@/components/ui/dialog-actions.tsx';

/** dashboard.md §4 "Safe mode": turning on applies at once; turning off asks first. */
export function SafeModeSetting({
  core,
  on,
  disabled,
}: {
  core: CoreConnection;
  on: boolean;
  disabled: boolean;
}) {
  const { t } = useLingui();
  const [confirming, setConfirming] = useState(false);
  const update = useUpdateSafeModeMutation();

  const apply = (next: boolean) =>
    update.mutate(
      { core, on: next },
      {
        onSuccess: () => setConfirming(false),
        onError: (err) => {
          setConfirming(false);
          notify('error', toUserMessage(err));
        },
      },
    );

  return (
    <SwitchRow
      title={t`Safe Mode`}
      description={t`Keeps the unsafe permissions (writing files and resources, macros, global files, managing permissions) away from everyone but the owner.`}
      checked={on}
      disabled={disabled}
      onCheckedChange={(next) => (next ? apply(true) : setConfirming(true))}
    >
      <Modal
        open={confirming}
        onOpenChange={(open) => {
          if (!update.isPending) setConfirming(open);
        }}
        title={t`Turn off safe mode?`}
        description={t`Users could then be granted the unsafe permissions: writing instance files and resources, running macros, writing global files and managing permissions.`}
        actions={
          <DialogActions
            confirmLabel={t`Turn off safe mode`}
            variant="danger"
            pending={update.isPending}
            onCancel={() => setConfirming(false)}
            onConfirm={() => apply(false)}
          />
        }
      />
    </SwitchRow>
  );
}
