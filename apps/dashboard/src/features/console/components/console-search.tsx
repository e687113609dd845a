import { Trans, useLingui } from '@lingui/react/macro';
import { SearchInput } from '@/components/ui/search-input.tsx';
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
  const { t } = useLingui();
  const invalid = regex && query !== '' && !isValidRegex(query);
  return (
    <div className="flex w-full items-center gap-3 wide:w-auto">
      <SearchInput
        label={t`Search console`}
        placeholder={t`Search console...`}
        value={query}
        disabled={disabled}
        aria-invalid={invalid || undefined}
        title={invalid ? t`Invalid regular expression: nothing matches` : undefined}
        onChange={(e) => onQueryChange(e.target.value)}
        className="min-w-0 flex-1 wide:flex-none"
        inputClassName={cn(
          'pr-2.5 text-[13px] disabled:opacity-60 wide:h-8 wide:w-56',
          invalid ? 'border-danger' : 'border-edge hover:border-faint',
        )}
      />
      <label className="flex min-h-11 shrink-0 cursor-pointer items-center gap-1.5 text-[13px] text-muted select-none wide:min-h-0">
        <input
          type="checkbox"
          checked={regex}
          disabled={disabled}
          onChange={(e) => onRegexChange(e.target.checked)}
          className="size-3.5 accent-accent"
        />
        <Trans>Regex</Trans>
      </label>
    </div>
  );
}
