import { useState } from 'react';
import { t as tGlobal } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import type { PublicUser } from '@hearth/protocol';
import { Modal } from '@/components/ui/dialog.tsx';
import type { DialogOpenProps } from '@/components/ui/dialog.tsx';
import { FormError, TextField } from '@/components/ui/field.tsx';
import { toUserMessage } from '@/lib/errors.ts';
import type { CoreConnection } from '@/lib/session.ts';
import { notify } from '@/lib/toast.ts';
import { withTokenRotation } from '@/lib/token-rotation.ts';
import { useForm } from '@/lib/use-form.ts';
import { useChangePasswordMutation } from '../api/change-password.ts';
import { validatePasswordChange } from '../user-validation.ts';
import type { PasswordValues } from '../user-validation.ts';
import { FormActions } from '@/components/ui/dialog-actions.tsx';
import { NewPasswordFields } from '@/components/ui/new-password-fields.tsx';

export interface ChangePasswordDialogProps extends DialogOpenProps {
  core: CoreConnection;
  target: Pick<PublicUser, 'uid' | 'username'>;
  /** Changing your own password: asks for the old one, then signs in again. */
  isSelf: boolean;
  /** Self only: the core revoked every token of ours; get a new one with the new password. */
  onOwnPasswordChanged?: (newPassword: string) => Promise<void>;
}

function ChangePasswordForm({
  core,
  target,
  isSelf,
  onOpenChange,
  onOwnPasswordChanged,
}: Omit<ChangePasswordDialogProps, 'open'>) {
  const { t } = useLingui();
  const form = useForm<PasswordValues>(
    { oldPassword: '', password: '', confirmPassword: '' },
    (values) => validatePasswordChange(values, isSelf),
  );
  const change = useChangePasswordMutation();
  const [error, setError] = useState<string | null>(null);

  const submit = form.handleSubmit(async (values) => {
    const request = {
      uid: target.uid,
      old_password: isSelf ? values.oldPassword : null,
      new_password: values.password,
    };
    const run = async () => {
      await change.mutateAsync({ core, request });
      if (isSelf) await onOwnPasswordChanged?.(values.password);
    };
    setError(null);
    try {
      await (isSelf ? withTokenRotation(core, run) : run());
    } catch (err) {
      setError(toUserMessage(err));
      return;
    }
    const username = target.username;
    notify(
      'success',
      isSelf ? tGlobal`Password changed` : tGlobal`Password of ${username} changed`,
    );
    onOpenChange(false);
  });

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-4">
      {isSelf ? (
        <TextField
          label={t`Old Password`}
          type="password"
          autoComplete="current-password"
          autoFocus
          {...form.field('oldPassword')}
        />
      ) : null}
      <NewPasswordFields
        label={t`New Password`}
        altLabel={t`Password`}
        autoFocus={!isSelf}
        password={form.field('password')}
        confirm={form.field('confirmPassword')}
      />
      <FormError message={error} />
      <FormActions
        className="mt-1"
        confirmLabel={t`Change Password`}
        pending={change.isPending}
        onCancel={() => onOpenChange(false)}
      />
    </form>
  );
}

/** Change Password (dashboard.md §2, §5). */
export function ChangePasswordDialog(props: ChangePasswordDialogProps) {
  const { open, onOpenChange, isSelf, target } = props;
  const { t } = useLingui();
  const username = target.username;
  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      title={t`Change Password`}
      description={
        isSelf
          ? t`You stay signed in here; every other session of yours is signed out.`
          : t`Sets a new password for ${username} and signs them out everywhere.`
      }
    >
      {open ? <ChangePasswordForm {...props} /> : null}
    </Modal>
  );
}
