import type { ReactNode } from 'react';
import { cn } from '@/lib/cn.ts';

export type BadgeTone = 'neutral' | 'success' | 'warning' | 'danger';

const TONES: Record<BadgeTone, { box: string; dot: string }> = {
  neutral: { box: 'border-line text-muted', dot: 'bg-faint' },
  success: { box: 'border-success/40 text-success', dot: 'bg-success' },
  warning: { box: 'border-warning/40 text-warning', dot: 'bg-warning' },
  danger: { box: 'border-danger/40 text-danger', dot: 'bg-danger' },
};

export function Badge({
  tone = 'neutral',
  children,
  pulse = false,
}: {
  tone?: BadgeTone;
  children: ReactNode;
  pulse?: boolean;
}) {
  const t = TONES[tone];
  return (
    <span
      className={cn(
        'inline-flex h-6 items-center gap-1.5 rounded-full border px-2.5 text-xs font-medium',
        t.box,
      )}
    >
      <span aria-hidden className={cn('size-1.5 rounded-full', t.dot, pulse && 'animate-pulse')} />
      {children}
    </span>
  );
}
