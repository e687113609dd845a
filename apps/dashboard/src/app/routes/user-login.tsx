import { Trans, useLingui } from '@lingui/react/macro';
import { AuthLayout } from '@/components/layout/auth-layout.tsx';
import { Button } from '@/components/ui/button.tsx';
import { useCurrentCore } from '@/lib/session.ts';
import { useAppNavigate } from '@/lib/url-state.ts';
import { LoginForm } from '@/features/auth/components/login-form.tsx';
import { useCoreInfo } from '@/features/connection/api/get-core-info.ts';

/** /login/user */
export function UserLoginRoute() {
  const { t } = useLingui();
  const navigate = useAppNavigate();
  const core = useCurrentCore();
  const info = useCoreInfo();
  if (!core) return null;
  const coreName = info.data?.core_name;
  return (
    <AuthLayout
      title={t`Sign in`}
      subtitle={coreName !== undefined ? t`to ${coreName}` : undefined}
      footer={
        <Button variant="ghost" size="sm" onClick={() => void navigate('/login/core/select')}>
          <Trans>Change core</Trans>
        </Button>
      }
    >
      <LoginForm core={core} onSignedIn={() => void navigate('/')} />
    </AuthLayout>
  );
}
