import { Search } from 'lucide-react';
import type { InputHTMLAttributes } from 'react';
import { cn } from '@/lib/cn.ts';

export interface SearchInputProps extends Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'type' | 'className'
> {
  /** Its accessible name: a search box has no visible label, only its placeholder. */
  label: string;
  /** The box's place in its row (width, flex). */
  className?: string;
  /** The input's padding, text size, border colour and wide height: each toolbar has its own. */
  inputClassName: string;
}

/** A search box: the magnifier drawn inside it, before the text. */
export function SearchInput({ label, className, inputClassName, ...props }: SearchInputProps) {
  return (
    <div className={cn('relative', className)}>
      <Search
        aria-hidden
        className="pointer-events-none absolute top-1/2 left-2.5 size-4 -translate-y-1/2 text-faint"
      />
      <input
        type="search"
        aria-label={label}
        {...props}
        className={cn(
          'h-11 w-full rounded-md border bg-bg pl-8 text-fg placeholder:text-faint',
          inputClassName,
        )}
      />
    </div>
  );
}
