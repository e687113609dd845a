import { Search } from 'lucide-react';
import { cn } from '@/lib/cn.ts';
import { isValidRegex } from '../console-search.ts';

export interface ConsoleSearchProps {
  query: string;
  onQueryChange: (query: string) => void;
  regex: boolean;
  onRegexChange: (regex: boolean) => void;
  disabled?: boolean;
}

/** dashboard.md §2: 'Search console...' with a Regex checkbox (on by default, case-insensitive). */
export function ConsoleSearch({
  query,
  onQueryChange,
  regex,
  onRegexChange,
  disabled = false,
}: ConsoleSearchProps) {
  const invalid = regex && query !== '' && !isValidRegex(query);
  return (
    <div className="flex items-center gap-3">
      <div className="relative">
        <Search
          aria-hidden
          className="pointer-events-none absolute top-1/2 left-2.5 size-4 -translate-y-1/2 text-faint"
        />
        <input
          type="search"
          aria-label="Search console"
          placeholder="Search console..."
          value={query}
          disabled={disabled}
          aria-invalid={invalid || undefined}
          title={invalid ? 'Invalid regular expression: nothing matches' : undefined}
          onChange={(e) => onQueryChange(e.target.value)}
          className={cn(
            'h-8 w-56 rounded-md border bg-bg pr-2.5 pl-8 text-[13px] text-fg placeholder:text-faint focus:outline-none',
            'focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-accent disabled:opacity-60',
            invalid ? 'border-danger' : 'border-line hover:border-faint',
          )}
        />
      </div>
      <label className="flex cursor-pointer items-center gap-1.5 text-[13px] text-muted select-none">
        <input
          type="checkbox"
          checked={regex}
          disabled={disabled}
          onChange={(e) => onRegexChange(e.target.checked)}
          className="size-3.5 accent-accent"
        />
        Regex
      </label>
    </div>
  );
}
