import { useQueryClient } from '@tanstack/react-query';
import { useLingui } from '@lingui/react/macro';
import { AuthLayout } from '@/components/layout/auth-layout.tsx';
import { useCurrentCore } from '@/lib/session.ts';
import { useAppNavigate } from '@/lib/url-state.ts';
import { getCoreInfoQueryOptions } from '@/features/connection/api/get-core-info.ts';
import { CoreConfigForm } from '@/features/settings/components/core-config-form.tsx';

/** /login/core/first_config — Customize core, then home. */
export function CoreFirstConfigRoute() {
  const { t } = useLingui();
  const navigate = useAppNavigate();
  const queryClient = useQueryClient();
  const core = useCurrentCore();
  if (!core) return null;

  const saved = () => {
    void queryClient.invalidateQueries({ queryKey: getCoreInfoQueryOptions(core).queryKey });
    void navigate('/');
  };

  return (
    <AuthLayout
      title={t`Customize your core`}
      subtitle={t`Give the core a name. You can change these later in the core settings.`}
    >
      <CoreConfigForm core={core} onSaved={saved} />
    </AuthLayout>
  );
}
