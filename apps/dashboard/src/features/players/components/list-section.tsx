import { useDeferredValue, useMemo, useState } from 'react';
import type { ReactNode } from 'react';
import { Plus } from 'lucide-react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Button } from '@/components/ui/button.tsx';
import { TextField } from '@/components/ui/field.tsx';
import { matchEntries, type Availability, type ListEntry } from '../player-actions.ts';
import { EntryList } from './entry-list.tsx';

/** Lists longer than this get a search field. */
const SEARCH_FROM = 10;

export interface ListSectionProps {
  title: string;
  /** The search field's label ("Search whitelist"), shown for long lists. */
  searchLabel: string;
  /** Null: the game keeps no such list (or it could not be read: see the problems above). */
  entries: readonly ListEntry[] | null;
  add: { label: string; can: Availability; onAdd: () => void };
  remove: { label: string; can: Availability; onRemove: (entry: ListEntry) => void };
  busy: boolean;
  emptyText: string;
  /** Shown under the title (the whitelist switch). */
  children?: ReactNode;
}

/** One of the Players tab's lists: its add button, a search when long, and the entries. */
export function ListSection({
  title,
  searchLabel,
  entries,
  add,
  remove,
  busy,
  emptyText,
  children,
}: ListSectionProps) {
  const { t } = useLingui();
  const [query, setQuery] = useState('');
  const deferred = useDeferredValue(query);
  const shown = useMemo(
    () => (entries ? matchEntries(entries, deferred) : null),
    [entries, deferred],
  );
  if (entries === null && !add.can.shown && !children) return null;
  return (
    <section aria-label={title} className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h3 className="text-sm font-semibold">
          {title}
          {entries ? <span className="ml-2 font-normal text-faint">{entries.length}</span> : null}
        </h3>
        {add.can.shown ? (
          <Button
            size="sm"
            disabled={add.can.disabledReason !== null || busy}
            title={add.can.disabledReason ?? undefined}
            onClick={add.onAdd}
          >
            <Plus aria-hidden className="size-3.5" />
            {add.label}
          </Button>
        ) : null}
      </div>
      {children}
      {entries && entries.length > SEARCH_FROM ? (
        <TextField
          label={searchLabel}
          type="search"
          value={query}
          onChange={(event) => setQuery(event.target.value)}
        />
      ) : null}
      {shown ? (
        <EntryList
          label={title}
          entries={shown}
          removeLabel={remove.can.shown ? remove.label : null}
          removeDisabledReason={remove.can.shown ? remove.can.disabledReason : null}
          busy={busy}
          onRemove={remove.onRemove}
          emptyText={query.trim() ? t`Nothing matches` : emptyText}
        />
      ) : (
        <p className="text-[13px] text-faint">
          <Trans>This game keeps no list that Hearth can read.</Trans>
        </p>
      )}
    </section>
  );
}
