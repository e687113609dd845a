import { useState } from 'react';
import { Monitor } from 'lucide-react';
import { plural, t as tGlobal } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import type { Session } from '@hearth/protocol';
import { SettingsSection } from '@/components/layout/settings-section.tsx';
import { Badge } from '@/components/ui/badge.tsx';
import { Button } from '@/components/ui/button.tsx';
import { ConfirmDialog } from '@/components/ui/confirm-dialog.tsx';
import { FormError } from '@/components/ui/field.tsx';
import { toUserMessage } from '@/lib/errors.ts';
import { formatRelativeTime } from '@/lib/i18n/format.ts';
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
  const { t } = useLingui();
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
  const pendingDevice = pending?.kind === 'one' ? pending.session.device : '';
  const pendingAddress = pending?.kind === 'one' ? pending.session.address : '';

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
            const device = session.device;
            notify('success', tGlobal`${device} signed out`);
          },
        },
      );
    } else if (pending?.kind === 'others')
      revokeOthers.mutate(
        { core, uid },
        {
          onSuccess: (count) => {
            setPending(null);
            notify(
              'success',
              plural(count, { one: '# session signed out', other: '# sessions signed out' }),
            );
          },
        },
      );
  };

  return (
    <SettingsSection
      title={t`Sessions`}
      description={
        self
          ? t`Where you are signed in. Signing a session out ends it at once.`
          : t`Where this user is signed in. Signing a session out ends it at once.`
      }
    >
      {sessions.isError ? (
        <div className="px-5 py-3">
          <FormError message={toUserMessage(sessions.error)} />
        </div>
      ) : null}
      {list.length > 0 ? (
        <ul aria-label={t`Sessions`} className="flex flex-col divide-y divide-line">
          {list.map((session) => {
            const device = session.device;
            const address = session.address;
            const signedIn = formatDay(session.created_at);
            const lastSeen = formatRelativeTime(session.last_seen_at, now);
            return (
              <li
                key={session.id}
                className="flex flex-wrap items-center gap-x-4 gap-y-2 px-5 py-3"
              >
                <Monitor aria-hidden className="size-4 shrink-0 text-muted" />
                <div className="flex min-w-0 flex-1 basis-56 flex-col gap-0.5">
                  <span className="flex flex-wrap items-center gap-2 text-sm font-medium text-fg">
                    <span translate="no">{session.device}</span>
                    {session.current ? (
                      <Badge tone="success">
                        <Trans>This device</Trans>
                      </Badge>
                    ) : null}
                    {session.two_factor ? (
                      <Badge>
                        <Trans>Two-factor</Trans>
                      </Badge>
                    ) : null}
                  </span>
                  <span className="text-xs text-muted">
                    <Trans>
                      {address} · Signed in {signedIn} · Last seen {lastSeen}
                    </Trans>
                  </span>
                </div>
                <Button
                  size="sm"
                  aria-label={
                    session.current ? t`Sign out ${device} (this device)` : t`Sign out ${device}`
                  }
                  onClick={() => setPending({ kind: 'one', session })}
                >
                  <Trans>Sign out</Trans>
                </Button>
              </li>
            );
          })}
        </ul>
      ) : sessions.data ? (
        <p className="px-5 py-4 text-sm text-muted">
          <Trans>No sessions.</Trans>
        </p>
      ) : null}
      {(self ? others.length : list.length) > 0 ? (
        <div className="px-5 py-3">
          <Button variant="danger" onClick={() => setPending({ kind: 'others' })}>
            {self ? t`Sign out all other sessions` : t`Sign out everywhere`}
          </Button>
        </div>
      ) : null}
      {pending ? (
        <ConfirmDialog
          title={pending.kind === 'one' ? t`Sign out session` : t`Sign out sessions`}
          description={
            pending.kind === 'one'
              ? pending.session.current
                ? t`This signs you out of this dashboard.`
                : t`${pendingDevice} at ${pendingAddress} is signed out at once.`
              : self
                ? t`Every session but this one is signed out at once.`
                : t`Every session of this user is signed out at once.`
          }
          confirmLabel={t`Sign out`}
          pending={running}
          error={error ? toUserMessage(error) : null}
          onClose={close}
          onConfirm={confirm}
        />
      ) : null}
    </SettingsSection>
  );
}
