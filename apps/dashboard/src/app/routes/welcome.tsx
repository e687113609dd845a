import { useLingui } from '@lingui/react/macro';
import { AuthLayout } from '@/components/layout/auth-layout.tsx';
import { useAppNavigate } from '@/lib/url-state.ts';
import { WelcomePanel } from '@/features/connection/components/welcome-panel.tsx';

/** /first_setup */
export function WelcomeRoute() {
  const { t } = useLingui();
  const navigate = useAppNavigate();
  return (
    <AuthLayout title={t`Welcome to Hearth`} subtitle={t`Your game servers, on your own hardware.`}>
      <WelcomePanel
        onConnect={() => void navigate('/login/core/select')}
        onNavigate={(path) => void navigate(path)}
      />
    </AuthLayout>
  );
}
