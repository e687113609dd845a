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
  /** -1 keeps it out of the Tab order when its row offers Space instead (file rows). */
  tabIndex?: number;
}

/**
 * A small square checkbox (Radix): Space toggles, the name is read out. The box is 16 px; on
 * narrow screens the button around it is 44 px so a finger hits it.
 */
export function Checkbox({
  checked,
  onCheckedChange,
  label,
  disabled = false,
  className,
  tabIndex,
}: CheckboxProps) {
  return (
    <RadixCheckbox.Root
      checked={checked}
      onCheckedChange={(value) => onCheckedChange(value === true)}
      aria-label={label}
      disabled={disabled}
      tabIndex={tabIndex}
      className={cn(
        'group flex size-11 shrink-0 items-center justify-center rounded disabled:opacity-50 wide:size-4',
        className,
      )}
    >
      <span
        aria-hidden
        className={cn(
          'flex size-4 items-center justify-center rounded border border-edge bg-bg text-accent-fg transition-colors',
          'group-hover:border-muted group-data-[state=checked]:border-accent group-data-[state=checked]:bg-accent',
          'group-data-[state=indeterminate]:border-accent group-data-[state=indeterminate]:bg-accent',
        )}
      >
        <RadixCheckbox.Indicator>
          {checked === 'indeterminate' ? (
            <Minus className="size-3" strokeWidth={3} />
          ) : (
            <Check className="size-3" strokeWidth={3} />
          )}
        </RadixCheckbox.Indicator>
      </span>
    </RadixCheckbox.Root>
  );
}
