import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useLingui } from '@lingui/react/macro';
import { AuthLayout } from '@/components/layout/auth-layout.tsx';
import { toUserMessage } from '@/lib/errors.ts';
import { getToken, selectCore, useSession } from '@/lib/session.ts';
import type { CoreConnection } from '@/lib/session.ts';
import { useAppNavigate } from '@/lib/url-state.ts';
import { getCoreInfo, getCoreInfoQueryOptions } from '@/features/connection/api/get-core-info.ts';
import { CoreSelectForm } from '@/features/connection/components/core-select-form.tsx';
import { routeAfterCoreChosen } from '@/features/connection/modal-choice.ts';
import { Redirect } from '../guards.tsx';

/** /login/core/select — redirects to /login/core/new while no core is saved. */
export function CoreSelectRoute() {
  const { t } = useLingui();
  const navigate = useAppNavigate();
  const queryClient = useQueryClient();
  const { cores, current } = useSession();
  const [connecting, setConnecting] = useState(false);
  const [error, setError] = useState<string | null>(null);

  if (cores.length === 0) return <Redirect to="/login/core/new" />;

  const connect = async (core: CoreConnection) => {
    setConnecting(true);
    setError(null);
    try {
      const info = await getCoreInfo(core);
      queryClient.setQueryData(getCoreInfoQueryOptions(core).queryKey, info);
      selectCore(core);
      await navigate(routeAfterCoreChosen(info.is_setup, getToken(core) !== null), {
        clear: ['instance', 'user', 'path'],
      });
    } catch (err) {
      setError(toUserMessage(err));
      setConnecting(false);
    }
  };

  return (
    <AuthLayout
      title={t`Select a core`}
      subtitle={t`Choose one of the cores this browser has connected to.`}
    >
      <CoreSelectForm
        cores={cores}
        current={current}
        connecting={connecting}
        error={error}
        onConnect={(core) => void connect(core)}
        onNewCore={() => void navigate('/login/core/new')}
      />
    </AuthLayout>
  );
}
