import { Popover } from 'radix-ui';
import { Check, ChevronDown } from 'lucide-react';
import { t as tGlobal } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { SELECT_OPTIONS_MAX_HEIGHT_REM } from '@hearth/protocol';
import { cn } from '@/lib/cn.ts';

export interface MultiSelectOption {
  value: string;
  label: string;
}

export interface MultiSelectProps {
  /** Names the option group; the trigger is named "{label}: {what it shows}". */
  label: string;
  options: readonly MultiSelectOption[];
  selected: readonly string[];
  onChange: (next: string[]) => void;
  disabled?: boolean;
  /** Shown in the open list when there is nothing to choose from. */
  emptyText?: string;
  placeholder?: string;
}

/** The trigger's text: the chosen labels, or the placeholder. */
export function summarize(
  options: readonly MultiSelectOption[],
  selected: readonly string[],
  placeholder: string,
): string {
  const names = options.filter((o) => selected.includes(o.value)).map((o) => o.label);
  const [first, second] = names;
  if (first === undefined) return placeholder;
  if (second === undefined) return first;
  // Two names: a list in the reader's language ("A, B"; Chinese "A、B").
  if (names.length === 2) return tGlobal`${first}, ${second}`;
  const count = names.length;
  return tGlobal`${count} selected`;
}

/**
 * A select of several values: a button opening a checkbox list (max height 15 rem, dashboard.md
 * §9). Values not among the options stay selected untouched.
 */
export function MultiSelect({
  label,
  options,
  selected,
  onChange,
  disabled = false,
  emptyText,
  placeholder,
}: MultiSelectProps) {
  const { t } = useLingui();
  const shown = summarize(options, selected, placeholder ?? t`None`);
  const toggle = (value: string, on: boolean) => {
    onChange(on ? [...selected, value] : selected.filter((v) => v !== value));
  };
  return (
    <Popover.Root>
      <Popover.Trigger
        // The name carries what it shows: a screen reader hears the current choice too.
        aria-label={t`${label}: ${shown}`}
        disabled={disabled}
        className={cn(
          'flex h-11 w-full min-w-0 items-center justify-between gap-2 rounded-md border border-edge bg-bg px-3 text-left text-sm text-fg wide:h-9',
          'hover:border-faint disabled:cursor-not-allowed disabled:opacity-50 data-[state=open]:border-accent',
        )}
      >
        <span className="truncate">{shown}</span>
        <ChevronDown aria-hidden className="size-4 shrink-0 text-faint" />
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          align="start"
          sideOffset={4}
          className="z-50 w-[var(--radix-popover-trigger-width)] min-w-48 rounded-lg border border-line bg-raised p-1 shadow-xl shadow-black/40"
        >
          <div
            role="group"
            aria-label={label}
            data-testid="multi-select-options"
            style={{ maxHeight: `${SELECT_OPTIONS_MAX_HEIGHT_REM}rem` }}
            className="flex flex-col overflow-y-auto"
          >
            {options.length === 0 ? (
              <p className="px-2.5 py-2 text-sm text-faint">
                {emptyText ?? t`Nothing to choose from`}
              </p>
            ) : null}
            {options.map((option) => {
              const checked = selected.includes(option.value);
              return (
                <button
                  key={option.value}
                  type="button"
                  role="checkbox"
                  aria-checked={checked}
                  onClick={() => toggle(option.value, !checked)}
                  className="focus-inset flex h-11 shrink-0 cursor-pointer items-center gap-2.5 rounded-md px-2.5 text-left text-sm text-fg hover:bg-hover focus-visible:bg-hover wide:h-9"
                >
                  <span
                    aria-hidden
                    className={cn(
                      'flex size-4 shrink-0 items-center justify-center rounded border',
                      checked ? 'border-accent bg-accent' : 'border-edge bg-bg',
                    )}
                  >
                    {checked ? <Check className="size-3 text-accent-fg" strokeWidth={3} /> : null}
                  </span>
                  <span className="truncate">{option.label}</span>
                </button>
              );
            })}
          </div>
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
