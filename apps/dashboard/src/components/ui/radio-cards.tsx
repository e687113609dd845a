import { createContext, useContext, useEffect, useLayoutEffect, useRef } from 'react';
import type { KeyboardEvent, ReactNode } from 'react';
import { Check } from 'lucide-react';
import { cn } from '@/lib/cn.ts';

// A set of choices drawn as cards, one of which is chosen: the WAI-ARIA radio group pattern. The
// group is one Tab stop (the chosen card, else the first); the arrow keys move to the next or
// previous card and choose it at once (wrapping round), Home and End go to the ends, Space
// chooses the focused card.

interface RadioContext {
  value: string | null;
  choose: (value: string) => void;
}

const Radio = createContext<RadioContext>({ value: null, choose: () => undefined });

export interface RadioCardGroupProps {
  /** The group's accessible name. */
  label: string;
  value: string | null;
  onValueChange: (value: string) => void;
  /**
   * Take focus (the chosen card, else the first) once the cards are there, unless focus has been
   * put somewhere in the meantime — e.g. a dialog's first choice, whose cards load after it opens.
   */
  initialFocus?: boolean;
  className?: string;
  children: ReactNode;
}

const NEXT: Record<string, number> = { ArrowDown: 1, ArrowRight: 1, ArrowUp: -1, ArrowLeft: -1 };

/** Whether nothing in particular holds focus: the page, or a dialog that has not placed it yet. */
function focusIsUnplaced(): boolean {
  const active = document.activeElement;
  return !active || active === document.body || active.getAttribute('role') === 'dialog';
}

function radiosIn(group: HTMLElement | null): HTMLElement[] {
  return group ? [...group.querySelectorAll<HTMLElement>('[role="radio"]:not(:disabled)')] : [];
}

export function RadioCardGroup({
  label,
  value,
  onValueChange,
  initialFocus = false,
  className,
  children,
}: RadioCardGroupProps) {
  const group = useRef<HTMLDivElement>(null);
  const focused = useRef(false);

  // One Tab stop: the chosen card, or the first when none is chosen.
  useLayoutEffect(() => {
    const radios = radiosIn(group.current);
    const stop = radios.find((r) => r.getAttribute('aria-checked') === 'true') ?? radios[0];
    for (const radio of radios) radio.tabIndex = radio === stop ? 0 : -1;
  });

  useEffect(() => {
    if (!initialFocus || focused.current) return;
    const stop = radiosIn(group.current).find((r) => r.tabIndex === 0);
    if (!stop) return;
    focused.current = true;
    if (focusIsUnplaced()) stop.focus();
  });

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const radios = radiosIn(group.current);
    const at = radios.indexOf(event.target as HTMLElement);
    if (at < 0) return;
    let next: number;
    if (event.key in NEXT) next = (at + (NEXT[event.key] ?? 0) + radios.length) % radios.length;
    else if (event.key === 'Home') next = 0;
    else if (event.key === 'End') next = radios.length - 1;
    else return;
    event.preventDefault();
    const target = radios[next];
    target?.focus();
    if (target?.dataset.value) onValueChange(target.dataset.value);
  };

  return (
    <Radio.Provider value={{ value, choose: onValueChange }}>
      <div
        ref={group}
        role="radiogroup"
        aria-label={label}
        onKeyDown={onKeyDown}
        className={className}
      >
        {children}
      </div>
    </Radio.Provider>
  );
}

/** One card of a RadioCardGroup; its content (text) is its accessible name. */
export function RadioCard({
  value,
  children,
  className,
}: {
  value: string;
  children: ReactNode;
  className?: string;
}) {
  const radio = useContext(Radio);
  const checked = radio.value === value;
  return (
    <button
      type="button"
      role="radio"
      aria-checked={checked}
      data-value={value}
      onClick={() => radio.choose(value)}
      className={cn(
        'group flex min-h-11 w-full items-center gap-3 rounded-lg border p-3 text-left transition-colors',
        checked
          ? 'border-accent bg-accent/10'
          : 'border-line bg-bg hover:border-faint hover:bg-hover/40',
        className,
      )}
    >
      {children}
      <Check
        aria-hidden
        className={cn('size-4 shrink-0 text-accent', checked ? 'opacity-100' : 'opacity-0')}
      />
    </button>
  );
}
