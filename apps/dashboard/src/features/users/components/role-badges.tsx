import type { RoleLabel } from '../members.ts';
import { cn } from '@/lib/cn.ts';

const TONE: Record<RoleLabel, string> = {
  You: 'border-line text-muted',
  Admin: 'border-warning/40 text-warning',
  Owner: 'border-accent/50 text-accent',
};

/** The You / Admin / Owner labels of a member (dashboard.md §6). */
export function RoleBadges({ labels }: { labels: readonly RoleLabel[] }) {
  if (labels.length === 0) return null;
  return (
    <span className="flex shrink-0 items-center gap-1">
      {labels.map((label) => (
        <span
          key={label}
          className={cn('rounded-full border px-2 py-px text-[11px] font-medium', TONE[label])}
        >
          {label}
        </span>
      ))}
    </span>
  );
}
