import { AuthLayout } from '@/components/layout/auth-layout.tsx';
import { useAppNavigate } from '@/lib/url-state.ts';
import { WelcomePanel } from '@/features/connection/components/welcome-panel.tsx';

/** /first_setup */
export function WelcomeRoute() {
  const navigate = useAppNavigate();
  return (
    <AuthLayout title="Welcome to Hearth" subtitle="Your game servers, on your own hardware.">
      <WelcomePanel
        onConnect={() => void navigate('/login/core/select')}
        onNavigate={(path) => void navigate(path)}
      />
    </AuthLayout>
  );
}
