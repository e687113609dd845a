import { useId, useState } from 'react';
import type { KeyboardEvent } from 'react';
import { Pencil } from 'lucide-react';
import { useLingui } from '@lingui/react/macro';
import { cn } from '@/lib/cn.ts';
import { toUserMessage } from '@/lib/errors.ts';

export interface EditableTextProps {
  /** The field's name (its accessible label). */
  label: string;
  value: string;
  placeholder?: string;
  editable: boolean;
  save: (value: string) => Promise<unknown>;
  validate?: (value: string) => string | null;
  className?: string;
}

/**
 * Text that turns into an input on click (dashboard.md §2 Overview): Enter saves, Escape cancels,
 * a save error shows under the field and keeps the edit open.
 */
export function EditableText({
  label,
  value,
  placeholder,
  editable,
  save,
  validate,
  className,
}: EditableTextProps) {
  const { t } = useLingui();
  const id = useId();
  const [draft, setDraft] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const cancel = () => {
    setDraft(null);
    setError(null);
  };

  const commit = async () => {
    if (draft === null || saving) return;
    const next = draft.trim();
    if (next === value) return cancel();
    const invalid = validate?.(next) ?? null;
    if (invalid) return setError(invalid);
    setSaving(true);
    try {
      await save(next);
      cancel();
    } catch (err) {
      setError(toUserMessage(err));
    } finally {
      setSaving(false);
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      void commit();
    } else if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      cancel();
    }
  };

  if (draft === null) {
    const shown = value || placeholder || '';
    return (
      <button
        type="button"
        aria-label={t`${label}: ${shown}. Edit`}
        disabled={!editable}
        onClick={() => setDraft(value)}
        className={cn(
          'group flex min-h-11 min-w-0 items-center gap-2 rounded-md text-left enabled:hover:bg-hover/50 disabled:cursor-default wide:min-h-0',
          className,
        )}
      >
        <span className={cn('truncate', !value && 'text-faint')}>{value || placeholder}</span>
        {editable ? (
          <Pencil
            aria-hidden
            className="size-3.5 shrink-0 text-faint opacity-0 group-hover:opacity-100 group-focus-visible:opacity-100"
          />
        ) : null}
      </button>
    );
  }

  return (
    <div className="flex min-w-0 flex-col gap-1">
      <input
        id={id}
        aria-label={label}
        autoFocus
        value={draft}
        readOnly={saving}
        placeholder={placeholder}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(event) => {
          setDraft(event.target.value);
          setError(null);
        }}
        onKeyDown={onKeyDown}
        onBlur={() => {
          if (!saving && !error) cancel();
        }}
        className={cn(
          'min-h-11 w-full min-w-0 rounded-md border bg-bg px-2 py-0.5 wide:min-h-0',
          error ? 'border-danger' : 'border-edge',
          className,
        )}
      />
      {error ? (
        <p id={`${id}-error`} role="alert" className="text-[13px] font-normal text-danger">
          {error}
        </p>
      ) : null}
    </div>
  );
}
