import { useQueryClient } from '@tanstack/react-query';
import type { CoreInfo } from '@hearth/protocol';
import { useLingui } from '@lingui/react/macro';
import { AuthLayout } from '@/components/layout/auth-layout.tsx';
import { useCurrentCore } from '@/lib/session.ts';
import { useAppNavigate } from '@/lib/url-state.ts';
import { getCoreInfoQueryOptions } from '@/features/connection/api/get-core-info.ts';
import { OwnerSetupForm } from '@/features/auth/components/owner-setup-form.tsx';

/** /login/core/first_setup — owner setup, then Customize core. */
export function CoreFirstSetupRoute() {
  const { t } = useLingui();
  const navigate = useAppNavigate();
  const queryClient = useQueryClient();
  const core = useCurrentCore();
  if (!core) return null;

  const done = () => {
    queryClient.setQueryData<CoreInfo>(
      getCoreInfoQueryOptions(core).queryKey,
      (info) => info && { ...info, is_setup: true },
    );
    void navigate('/login/core/first_config');
  };

  return (
    <AuthLayout
      title={t`Set up your core`}
      subtitle={t`Create the owner account. The owner can do everything on this core.`}
    >
      <OwnerSetupForm core={core} onDone={done} />
    </AuthLayout>
  );
}
