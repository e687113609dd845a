import { useLingui } from '@lingui/react/macro';
import { AuthLayout } from '@/components/layout/auth-layout.tsx';
import { getToken, useSession } from '@/lib/session.ts';
import { useAppNavigate } from '@/lib/url-state.ts';
import { AddCoreForm } from '@/features/connection/components/add-core-form.tsx';
import { routeAfterCoreChosen } from '@/features/connection/modal-choice.ts';

/** /login/core/new */
export function CoreNewRoute() {
  const { t } = useLingui();
  const navigate = useAppNavigate();
  const { cores } = useSession();
  return (
    <AuthLayout
      title={t`Connect a new core`}
      subtitle={t`Enter the address of a running Hearth core.`}
    >
      <AddCoreForm
        onBack={() => void navigate(cores.length > 0 ? '/login/core/select' : '/first_setup')}
        onAdded={(core, info) =>
          void navigate(routeAfterCoreChosen(info.is_setup, getToken(core) !== null), {
            clear: ['instance', 'user', 'path'],
          })
        }
      />
    </AuthLayout>
  );
}
