import { t as tGlobal } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { Modal } from '@/components/ui/dialog.tsx';
import type { DialogOpenProps } from '@/components/ui/dialog.tsx';
import { FormError, TextField } from '@/components/ui/field.tsx';
import { mutationFeedback } from '@/lib/errors.ts';
import type { CoreConnection } from '@/lib/session.ts';
import { notify } from '@/lib/toast.ts';
import { useForm } from '@/lib/use-form.ts';
import { useCreateUserMutation } from '../api/create-user.ts';
import { validateCreateUser } from '../user-validation.ts';
import { FormActions } from '@/components/ui/dialog-actions.tsx';
import { NewPasswordFields } from '@/components/ui/new-password-fields.tsx';

function CreateUserForm({
  core,
  onDone,
  onCancel,
}: {
  core: CoreConnection;
  onDone: () => void;
  onCancel: () => void;
}) {
  const { t } = useLingui();
  const form = useForm({ username: '', password: '', confirmPassword: '' }, validateCreateUser);
  const create = useCreateUserMutation();
  const submit = form.handleSubmit((values) => {
    const username = values.username.trim();
    create.mutate(
      { core, username, password: values.password },
      {
        onSuccess: () => {
          notify('success', tGlobal`User ${username} created`);
          onDone();
        },
      },
    );
  });
  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-4">
      <TextField label={t`Username`} autoComplete="off" autoFocus {...form.field('username')} />
      <NewPasswordFields
        password={form.field('password')}
        confirm={form.field('confirmPassword')}
      />
      <FormError message={mutationFeedback(create).error} />
      <FormActions
        className="mt-1"
        confirmLabel={t`Create User`}
        pending={create.isPending}
        onCancel={onCancel}
      />
    </form>
  );
}

/** Create New User (dashboard.md §2, §5): username and password; new users start with no permissions. */
export function CreateUserDialog({
  core,
  open,
  onOpenChange,
}: DialogOpenProps & { core: CoreConnection }) {
  const { t } = useLingui();
  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      title={t`Create New User`}
      description={t`The new user starts without any permissions; grant them after creating the account.`}
    >
      {open ? (
        <CreateUserForm
          core={core}
          onDone={() => onOpenChange(false)}
          onCancel={() => onOpenChange(false)}
        />
      ) : null}
    </Modal>
  );
}
