import { Link, useLocation, useSearchParams } from '@/lib/router/router.tsx';
import { ArrowLeft, ScrollText, Settings2, UserRound, Users, UserX, Webhook } from 'lucide-react';
import type { ReactNode } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { cn } from '@/lib/cn.ts';
import { getLastRoute } from '@/lib/last-route.ts';
import { useAppNavigate, usePreservedTo } from '@/lib/url-state.ts';
import { useCurrentUser } from '@/features/auth/api/get-user-info.ts';
import { NavMemberList } from '@/features/users/components/nav-member-list.tsx';

function NavLinkItem({ to, icon, children }: { to: string; icon: ReactNode; children: ReactNode }) {
  const { pathname } = useLocation();
  const target = usePreservedTo(to);
  const active = pathname === to;
  return (
    <Link
      to={target}
      aria-current={active ? 'page' : undefined}
      className={cn(
        'flex h-11 items-center gap-2 rounded-md px-2 text-sm hover:bg-hover hover:text-fg wide:h-8',
        active ? 'bg-hover font-medium text-fg' : 'text-muted',
      )}
    >
      {icon}
      {children}
    </Link>
  );
}

function Group({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-0.5">
      <h3 className="px-2 pb-1 text-[11px] font-semibold tracking-wider text-faint uppercase">
        {title}
      </h3>
      {children}
    </div>
  );
}

/**
 * The settings area's left nav (dashboard.md §2): back to the last visited route, CORE, ACCOUNT,
 * Unselect User and — for the owner — the user list. It replaces the instance list there.
 */
export function SettingsNav() {
  const { t } = useLingui();
  const navigate = useAppNavigate();
  const [params] = useSearchParams();
  const me = useCurrentUser().data;
  const selectedUid = params.get('user');

  return (
    <nav aria-label={t`Settings`} className="flex flex-col gap-5">
      <div className="flex items-center gap-1.5">
        <button
          type="button"
          aria-label={t`Back`}
          onClick={() => void navigate(getLastRoute())}
          className="flex size-11 items-center justify-center rounded-md text-muted hover:bg-hover hover:text-fg wide:size-8"
        >
          <ArrowLeft aria-hidden className="size-4" />
        </button>
        <span className="text-sm font-semibold text-fg">
          <Trans>Settings</Trans>
        </span>
      </div>
      <Group title={t`Core`}>
        <NavLinkItem to="/settings/general" icon={<Settings2 aria-hidden className="size-4" />}>
          <Trans>General</Trans>
        </NavLinkItem>
        <NavLinkItem to="/settings/users" icon={<Users aria-hidden className="size-4" />}>
          <Trans>Users</Trans>
        </NavLinkItem>
        {me?.is_owner ? (
          <>
            <NavLinkItem to="/settings/events" icon={<ScrollText aria-hidden className="size-4" />}>
              <Trans>Event Logs</Trans>
            </NavLinkItem>
            <NavLinkItem to="/settings/webhooks" icon={<Webhook aria-hidden className="size-4" />}>
              <Trans>Webhooks</Trans>
            </NavLinkItem>
          </>
        ) : null}
      </Group>
      <Group title={t`Account`}>
        <NavLinkItem to="/settings/profile" icon={<UserRound aria-hidden className="size-4" />}>
          <Trans>Profile</Trans>
        </NavLinkItem>
      </Group>
      {me?.is_owner ? (
        <div className="flex flex-col gap-1.5">
          <button
            type="button"
            disabled={selectedUid === null}
            onClick={() => void navigate('/settings/users', { clear: ['user'] })}
            className="flex h-11 items-center gap-2 rounded-md px-2 text-left text-sm text-muted hover:bg-hover wide:h-8 hover:text-fg disabled:cursor-not-allowed disabled:opacity-50 disabled:hover:bg-transparent"
          >
            <UserX aria-hidden className="size-4" />
            <Trans>Unselect User</Trans>
          </button>
          <NavMemberList
            meUid={me.uid}
            isOwner
            selectedUid={selectedUid}
            onSelect={(uid) => void navigate('/settings/users', { set: { user: uid } })}
          />
        </div>
      ) : null}
    </nav>
  );
}
