import { useLingui } from '@lingui/react/macro';
import { cn } from '@/lib/cn.ts';

export function Spinner({ className, label }: { className?: string; label?: string }) {
  const { t } = useLingui();
  return (
    <span
      role="status"
      aria-label={label ?? t`Loading`}
      className={cn(
        'inline-block size-5 animate-spin rounded-full border-2 border-line border-t-accent',
        className,
      )}
    />
  );
}

/** Fills its container while a screen or a guard is loading. */
export function PageSpinner() {
  return (
    <div className="flex h-full min-h-40 w-full items-center justify-center">
      <Spinner className="size-7" />
    </div>
  );
}
