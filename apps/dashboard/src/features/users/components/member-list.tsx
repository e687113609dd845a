import { useId } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { PublicUser } from '@hearth/protocol';
import { MemberRow } from './member-row.tsx';
import type { MemberRowProps } from './member-row.tsx';

/** All Members (N): the current user first, then alphabetical (sorted by the caller). */
export function MemberList({
  users,
  ...rowProps
}: { users: readonly PublicUser[] } & Omit<MemberRowProps, 'user'>) {
  const { t } = useLingui();
  const headingId = useId();
  const count = users.length;
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-3">
      <h2 id={headingId} className="text-base font-semibold text-fg">
        <Trans>All Members ({count})</Trans>
      </h2>
      <ul
        aria-label={t`Members`}
        className="flex flex-col divide-y divide-line rounded-xl border border-line bg-panel"
      >
        {users.map((user) => (
          <MemberRow key={user.uid} user={user} {...rowProps} />
        ))}
      </ul>
    </section>
  );
}
