import { cn } from '@/lib/cn.ts';

/** The product's name: the same in every language, so not a message. */
const PRODUCT_NAME = 'Hearth';

/** The Hearth mark: a small flame. */
export function LogoMark({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" aria-hidden className={cn('size-7', className)}>
      <rect width="32" height="32" rx="7" fill="#1a1e27" />
      <path
        d="M16 5c1.8 4.2 7 6.9 7 13a7 7 0 0 1-14 0c0-3.1 1.6-5.1 3.2-6.6.3 2 1.2 3.3 2.6 3.9C14.2 11.7 14.6 8 16 5Z"
        fill="#f2833a"
      />
      <path
        d="M16 16.5c1 1.6 3 2.6 3 4.8a3 3 0 0 1-6 0c0-1.5.8-2.3 1.6-3 .2.8.6 1.3 1.2 1.5-.3-1.2-.2-2.3.2-3.3Z"
        fill="#ffd08a"
      />
    </svg>
  );
}

export function Wordmark({ className }: { className?: string }) {
  return (
    <span
      className={cn(
        'inline-flex items-center gap-2 text-base font-semibold tracking-tight text-fg',
        className,
      )}
    >
      <LogoMark />
      {PRODUCT_NAME}
    </span>
  );
}
