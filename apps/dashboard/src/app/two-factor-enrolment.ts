import { useEffect } from 'react';
import { useLocation } from '@/lib/router/router.tsx';
import { useCurrentCore } from '@/lib/session.ts';
import { useAppNavigate } from '@/lib/url-state.ts';
import { useTwoFactorStatus } from '@/features/access/api/get-two-factor-status.ts';
import { useCurrentUser } from '@/features/auth/api/get-user-info.ts';
import { useGlobalSettings } from '@/features/settings/api/get-global-settings.ts';

export const PROFILE_PATH = '/settings/profile';

/**
 * While the owner requires two-factor sign-in (issue 28), a signed-in user without it is sent to
 * their Profile to turn it on: the core refuses them everything else until they do.
 */
export function useTwoFactorEnrolment(): void {
  const core = useCurrentCore();
  const me = useCurrentUser();
  const settings = useGlobalSettings();
  const required = settings.data?.require_two_factor === true;
  const status = useTwoFactorStatus(core, required && me.data ? me.data.uid : null);
  const mustEnrol = required && status.data?.enabled === false;
  const { pathname } = useLocation();
  const navigate = useAppNavigate();
  useEffect(() => {
    if (mustEnrol && pathname !== PROFILE_PATH) void navigate(PROFILE_PATH, { replace: true });
  }, [mustEnrol, pathname, navigate]);
}
