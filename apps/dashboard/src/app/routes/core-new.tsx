import { AuthLayout } from '@/components/layout/auth-layout.tsx';
import { getToken, useSession } from '@/lib/session.ts';
import { useAppNavigate } from '@/lib/url-state.ts';
import { AddCoreForm } from '@/features/connection/components/add-core-form.tsx';
import { routeAfterCoreChosen } from '@/features/connection/modal-choice.ts';

/** /login/core/new */
export function CoreNewRoute() {
  const navigate = useAppNavigate();
  const { cores } = useSession();
  return (
    <AuthLayout title="Connect a new core" subtitle="Enter the address of a running Hearth core.">
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
