import { Checkbox as RadixCheckbox } from 'radix-ui';
import { Check, Minus } from 'lucide-react';
import { cn } from '@/lib/cn.ts';

export interface CheckboxProps {
  checked: boolean | 'indeterminate';
  onCheckedChange: (checked: boolean) => void;
  /** The accessible name (the box has no visible label of its own). */
  label: string;
  disabled?: boolean;
  className?: string;
}

/** A small square checkbox (Radix): Space toggles, the name is read out. */
export function Checkbox({
  checked,
  onCheckedChange,
  label,
  disabled = false,
  className,
}: CheckboxProps) {
  return (
    <RadixCheckbox.Root
      checked={checked}
      onCheckedChange={(value) => onCheckedChange(value === true)}
      aria-label={label}
      disabled={disabled}
      className={cn(
        'flex size-4 shrink-0 items-center justify-center rounded border border-faint bg-bg text-accent-fg transition-colors',
        'hover:border-muted data-[state=checked]:border-accent data-[state=checked]:bg-accent',
        'data-[state=indeterminate]:border-accent data-[state=indeterminate]:bg-accent disabled:opacity-50',
        className,
      )}
    >
      <RadixCheckbox.Indicator>
        {checked === 'indeterminate' ? (
          <Minus aria-hidden className="size-3" strokeWidth={3} />
        ) : (
          <Check aria-hidden className="size-3" strokeWidth={3} />
        )}
      </RadixCheckbox.Indicator>
    </RadixCheckbox.Root>
  );
}
