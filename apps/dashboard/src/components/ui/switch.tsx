import { Switch as RadixSwitch } from 'radix-ui';
import { cn } from '@/lib/cn.ts';

export interface SwitchProps {
  /** Accessible name (the spec's setting name). */
  label: string;
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
  disabled?: boolean;
  id?: string;
  className?: string;
}

/**
 * An on/off toggle (role="switch"), Radix-based so Space and Enter work. The track is 24 px high;
 * on narrow screens the button around it is 44 px so a finger hits it.
 */
export function Switch({
  label,
  checked,
  onCheckedChange,
  disabled = false,
  id,
  className,
}: SwitchProps) {
  return (
    <RadixSwitch.Root
      id={id}
      aria-label={label}
      checked={checked}
      onCheckedChange={onCheckedChange}
      disabled={disabled}
      className={cn(
        'group relative inline-flex h-11 w-11 shrink-0 cursor-pointer items-center rounded-full wide:h-6',
        'disabled:cursor-not-allowed disabled:opacity-50',
        className,
      )}
    >
      <span
        aria-hidden
        className="absolute inset-x-0 h-6 rounded-full border border-edge bg-raised transition-colors group-data-[state=checked]:border-accent group-data-[state=checked]:bg-accent"
      />
      <RadixSwitch.Thumb className="relative block size-4 translate-x-1 rounded-full bg-fg shadow transition-transform data-[state=checked]:translate-x-6 data-[state=checked]:bg-accent-fg" />
    </RadixSwitch.Root>
  );
}
