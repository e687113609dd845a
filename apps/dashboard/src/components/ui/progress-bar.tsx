import { cn } from '@/lib/cn.ts';

/** A thin determinate (percent) or indeterminate (null) bar. */
export function ProgressBar({
  percent,
  label,
  className,
}: {
  percent: number | null;
  label: string;
  className?: string;
}) {
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={percent ?? undefined}
      className={cn('h-1 w-full overflow-hidden rounded-full bg-line', className)}
    >
      <div
        className={cn(
          'h-full rounded-full bg-accent transition-[width] duration-300',
          percent === null && 'w-1/3 animate-pulse',
        )}
        style={percent === null ? undefined : { width: `${percent}%` }}
      />
    </div>
  );
}
