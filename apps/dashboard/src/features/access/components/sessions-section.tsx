import { useState } from 'react';
import { Monitor } from 'lucide-react';
import { formatRelativeTime } from '@hearth/protocol';
import type { Session } from '@hearth/protocol';
import { SettingsSection } from '@/components/layout/settings-section.tsx';
import { Badge } from '@/components/ui/badge.tsx';
import { Button } from '@/components/ui/button.tsx';
import { ConfirmDialog } from '@/components/ui/confirm-dialog.tsx';
import { FormError } from '@/components/ui/field.tsx';
import { toUserMessage } from '@/lib/errors.ts';
import { setToken } from '@/lib/session.ts';
import type { CoreConnection } from '@/lib/session.ts';
import { notify } from '@/lib/toast.ts';
import { useSessions } from '../api/get-sessions.ts';
import { useRevokeOtherSessionsMutation } from '../api/revoke-other-sessions.ts';
import { useRevokeSessionMutation } from '../api/revoke-session.ts';
import { formatDay, isNotOffered } from '../not-offered.ts';

type Pending = { kind: 'one'; session: Session } | { kind: 'others' } | null;

/**
 * The sessions of a user: every sign-in, its device, address and times; sign one out, or all the
 * others. `self`: your own (Profile); otherwise the owner looking at someone (Users).
 */
export function SessionsSection({
  core,
  uid,
  self,
}: {
  core: CoreConnection;
  uid: string;
  self: boolean;
}) {
  const sessions = useSessions(core, uid);
  const revokeOne = useRevokeSessionMutation();
  const revokeOthers = useRevokeOtherSessionsMutation();
  const [pending, setPending] = useState<Pending>(null);
  if (sessions.isError && isNotOffered(sessions.error)) return null;
  const now = Date.now();
  const list = sessions.data ?? [];
  const others = list.filter((s) => !s.current);
  const running = revokeOne.isPending || revokeOthers.isPending;
  const error = revokeOne.error ?? revokeOthers.error;

  const close = () => {
    revokeOne.reset();
    revokeOthers.reset();
    setPending(null);
  };
  const confirm = () => {
    if (pending?.kind === 'one') {
      const { session } = pending;
      revokeOne.mutate(
        { core, uid, id: session.id },
        {
          onSuccess: () => {
            setPending(null);
            // Your own session: its token no longer works here.
            if (session.current) setToken(core, null);
            notify('success', `${session.device} signed out`);
          },
        },
      );
    } else if (pending?.kind === 'others')
      revokeOthers.mutate(
        { core, uid },
        {
          onSuccess: (count) => {
            setPending(null);
            notify('success', `${count} ${count === 1 ? 'session' : 'sessions'} signed out`);
          },
        },
      );
  };

  return (
    <SettingsSection
      title="Sessions"
      description={
        self
          ? 'Where you are signed in. Signing a session out ends it at once.'
          : 'Where this user is signed in. Signing a session out ends it at once.'
      }
    >
      {sessions.isError ? (
        <div className="px-5 py-3">
          <FormError message={toUserMessage(sessions.error)} />
        </div>
      ) : null}
      {list.length > 0 ? (
        <ul aria-label="Sessions" className="flex flex-col divide-y divide-line">
          {list.map((session) => (
            <li key={session.id} className="flex flex-wrap items-center gap-x-4 gap-y-2 px-5 py-3">
              <Monitor aria-hidden className="size-4 shrink-0 text-muted" />
              <div className="flex min-w-0 flex-1 basis-56 flex-col gap-0.5">
                <span className="flex flex-wrap items-center gap-2 text-sm font-medium text-fg">
                  {session.device}
                  {session.current ? <Badge tone="success">This device</Badge> : null}
                  {session.two_factor ? <Badge>Two-factor</Badge> : null}
                </span>
                <span className="text-xs text-muted">
                  {session.address} · Signed in {formatDay(session.created_at)} · Last seen{' '}
                  {formatRelativeTime(session.last_seen_at, now)}
                </span>
              </div>
              <Button
                size="sm"
                aria-label={`Sign out ${session.device}${session.current ? ' (this device)' : ''}`}
                onClick={() => setPending({ kind: 'one', session })}
              >
                Sign out
              </Button>
            </li>
          ))}
        </ul>
      ) : sessions.data ? (
        <p className="px-5 py-4 text-sm text-muted">No sessions.</p>
      ) : null}
      {(self ? others.length : list.length) > 0 ? (
        <div className="px-5 py-3">
          <Button variant="danger" onClick={() => setPending({ kind: 'others' })}>
            {self ? 'Sign out all other sessions' : 'Sign out everywhere'}
          </Button>
        </div>
      ) : null}
      {pending ? (
        <ConfirmDialog
          title={pending.kind === 'one' ? 'Sign out session' : 'Sign out sessions'}
          description={
            pending.kind === 'one'
              ? pending.session.current
                ? 'This signs you out of this dashboard.'
                : `${pending.session.device} at ${pending.session.address} is signed out at once.`
              : self
                ? 'Every session but this one is signed out at once.'
                : 'Every session of this user is signed out at once.'
          }
          confirmLabel="Sign out"
          pending={running}
          error={error ? toUserMessage(error) : null}
          onClose={close}
          onConfirm={confirm}
        />
      ) : null}
    </SettingsSection>
  );
}
