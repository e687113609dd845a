import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import type { RoleLabel } from '../members.ts';
import { cn } from '@/lib/cn.ts';

const TONE: Record<RoleLabel, string> = {
  You: 'border-line text-muted',
  Admin: 'border-warning/40 text-warning',
  Owner: 'border-accent/50 text-accent',
};

const TEXT = { You: msg`You`, Admin: msg`Admin`, Owner: msg`Owner` } as const;

/** The You / Admin / Owner labels of a member (dashboard.md §6). */
export function RoleBadges({ labels }: { labels: readonly RoleLabel[] }) {
  const { i18n } = useLingui();
  if (labels.length === 0) return null;
  return (
    <span className="flex shrink-0 items-center gap-1">
      {labels.map((label) => (
        <span
          key={label}
          className={cn('rounded-full border px-2 py-px text-[11px] font-medium', TONE[label])}
        >
          {i18n._(TEXT[label])}
        </span>
      ))}
    </span>
  );
}
