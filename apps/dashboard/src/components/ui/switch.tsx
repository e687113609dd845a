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

/** An on/off toggle (role="switch"), Radix-based so Space and Enter work. */
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
        'relative inline-flex h-6 w-11 shrink-0 cursor-pointer items-center rounded-full border border-line bg-raised transition-colors',
        'data-[state=checked]:border-accent data-[state=checked]:bg-accent',
        'disabled:cursor-not-allowed disabled:opacity-50',
        className,
      )}
    >
      <RadixSwitch.Thumb className="block size-4 translate-x-1 rounded-full bg-fg shadow transition-transform data-[state=checked]:translate-x-6 data-[state=checked]:bg-accent-fg" />
    </RadixSwitch.Root>
  );
}
