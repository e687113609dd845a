import type { ButtonHTMLAttributes, Ref } from 'react';
import { cn } from '@/lib/cn.ts';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'danger';
export type ButtonSize = 'sm' | 'md' | 'icon';

const VARIANTS: Record<ButtonVariant, string> = {
  primary: 'bg-accent text-accent-fg hover:bg-accent-strong font-semibold',
  secondary: 'bg-raised text-fg border border-line hover:bg-hover',
  ghost: 'text-muted hover:text-fg hover:bg-hover',
  danger: 'bg-danger/15 text-danger border border-danger/40 hover:bg-danger/25',
};

// Below the narrow-layout width every button is at least 44 px high (a finger's width).
const SIZES: Record<ButtonSize, string> = {
  sm: 'h-11 px-3 text-[13px] gap-1.5 wide:h-8',
  md: 'h-11 px-4 text-sm gap-2 wide:h-10',
  icon: 'size-11 justify-center wide:size-9',
};

/** Class list of a button, for links that look like one. */
export function buttonClasses(
  variant: ButtonVariant = 'secondary',
  size: ButtonSize = 'md',
  className?: string,
): string {
  return cn(
    'inline-flex shrink-0 items-center justify-center rounded-md whitespace-nowrap transition-colors select-none',
    'disabled:cursor-not-allowed disabled:opacity-50',
    VARIANTS[variant],
    SIZES[size],
    className,
  );
}

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
  size?: ButtonSize;
  loading?: boolean;
  /**
   * While loading, stay focusable (`aria-disabled`, presses ignored) instead of `disabled`: for a
   * control pressed from the keyboard that is replaced when the work is done, so focus is not
   * dropped to the page in between.
   */
  focusableWhileLoading?: boolean;
  ref?: Ref<HTMLButtonElement>;
}

export function Button({
  variant,
  size,
  loading = false,
  focusableWhileLoading = false,
  className,
  type = 'button',
  disabled,
  children,
  onClick,
  ...props
}: ButtonProps) {
  const soft = loading && focusableWhileLoading && disabled !== true;
  return (
    <button
      type={type}
      className={buttonClasses(
        variant,
        size,
        cn(soft && 'cursor-not-allowed opacity-50', className),
      )}
      disabled={disabled === true || (loading && !soft)}
      aria-busy={loading || undefined}
      aria-disabled={soft || undefined}
      onClick={soft ? (event) => event.preventDefault() : onClick}
      {...props}
    >
      {loading ? (
        <span
          aria-hidden
          className="size-3.5 animate-spin rounded-full border-2 border-current border-t-transparent"
        />
      ) : null}
      {children}
    </button>
  );
}

/**
 * A ghost button that shows only its icon (the child, `aria-hidden`): `label` is its accessible
 * name, required so no such button goes unnamed.
 */
export function IconButton({
  label,
  ...props
}: Omit<ButtonProps, 'variant' | 'size' | 'aria-label'> & { label: string }) {
  return <Button variant="ghost" size="icon" aria-label={label} {...props} />;
}
