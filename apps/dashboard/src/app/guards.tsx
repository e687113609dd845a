import { useState } from 'react';
import { Navigate, Outlet } from '@/lib/router/router.tsx';
import { PageSpinner } from '@/components/ui/spinner.tsx';
import { useCurrentToken, useSession } from '@/lib/session.ts';
import { usePreservedTo } from '@/lib/url-state.ts';
import { useCoreInfo } from '@/features/connection/api/get-core-info.ts';

// Route guards (dashboard.md §2 and §4 "First run"). Each renders its child routes or redirects.

export function Redirect({ to }: { to: string }) {
  return <Navigate to={usePreservedTo(to)} replace />;
}

/** No saved core → the welcome page; saved but none chosen → core selection. */
export function RequireCore() {
  const { cores, current } = useSession();
  if (cores.length === 0 && !current) return <Redirect to="/first_setup" />;
  if (!current) return <Redirect to="/login/core/select" />;
  return <Outlet />;
}

/** User routes need a core that is set up; otherwise the owner setup comes first. */
export function RequireSetUp() {
  const info = useCoreInfo();
  if (info.isPending) return <PageSpinner />;
  if (info.data?.is_setup === false) return <Redirect to="/login/core/first_setup" />;
  return <Outlet />;
}

/**
 * The owner setup of a core that is already set up goes to user selection instead. Decided
 * once per visit: the setup screen itself makes the core set up, and must then be free to
 * move on to Customize core instead of being redirected by its own success.
 */
export function RequireNotSetUp() {
  const info = useCoreInfo();
  const [admitted, setAdmitted] = useState(false);
  if (admitted) return <Outlet />;
  if (info.isPending) return <PageSpinner />;
  if (info.data?.is_setup === true) return <Redirect to="/login/user/select" />;
  setAdmitted(true);
  return <Outlet />;
}

export function RequireToken() {
  const token = useCurrentToken();
  if (!token) return <Redirect to="/login/user/select" />;
  return <Outlet />;
}
