import { KeyRound, LogIn, Server } from 'lucide-react';
import { Trans, useLingui } from '@lingui/react/macro';
import { AuthLayout } from '@/components/layout/auth-layout.tsx';
import { Button } from '@/components/ui/button.tsx';
import { useDesktopBridge } from '@/lib/desktop-bridge.ts';
import { setToken, useCurrentCore, useCurrentToken } from '@/lib/session.ts';
import { useAppNavigate } from '@/lib/url-state.ts';
import { useCurrentUser } from '@/features/auth/api/get-user-info.ts';
import { useCoreInfo } from '@/features/connection/api/get-core-info.ts';
import { isLoopbackAddress } from '@/features/connection/local-probe.ts';
import { Redirect } from '../guards.tsx';

/**
 * /login/user/select — continue as the signed-in user, sign in, or (desktop, local core) enter as
 * owner. With nothing to choose (no token, no desktop owner) it is a dead step: straight to sign-in.
 */
export function UserSelectRoute() {
  const { t } = useLingui();
  const navigate = useAppNavigate();
  const core = useCurrentCore();
  const token = useCurrentToken();
  const user = useCurrentUser();
  const info = useCoreInfo();
  const bridge = useDesktopBridge();
  const localDesktop = bridge !== null && core !== null && isLoopbackAddress(core.address);

  const coreName = info.data?.core_name;
  const username = user.data?.username;
  if (!token && !localDesktop) return <Redirect to="/login/user" />;

  const enterAsOwner = async () => {
    if (!bridge || !core) return;
    try {
      setToken(core, await bridge.getOwnerJwt());
      await navigate('/');
    } catch {
      await navigate('/login/user');
    }
  };

  return (
    <AuthLayout
      title={t`Select a user`}
      subtitle={coreName !== undefined ? t`Signing in to ${coreName}` : undefined}
    >
      <div className="flex flex-col gap-3">
        {token && username !== undefined ? (
          <Button variant="primary" className="w-full" onClick={() => void navigate('/')}>
            <Trans>Continue as {username}</Trans>
          </Button>
        ) : null}
        {localDesktop ? (
          <Button
            variant={token ? 'secondary' : 'primary'}
            className="w-full"
            onClick={() => void enterAsOwner()}
          >
            <KeyRound aria-hidden className="size-4" />
            <Trans>Sign in as owner</Trans>
          </Button>
        ) : null}
        <Button
          variant={token || localDesktop ? 'secondary' : 'primary'}
          className="w-full"
          onClick={() => void navigate('/login/user')}
        >
          <LogIn aria-hidden className="size-4" />
          {token ? t`Sign in as another user` : t`Sign in with username and password`}
        </Button>
        <Button
          variant="ghost"
          className="w-full"
          onClick={() => void navigate('/login/core/select')}
        >
          <Server aria-hidden className="size-4" />
          <Trans>Change core</Trans>
        </Button>
      </div>
    </AuthLayout>
  );
}
