import { useId, useState } from 'react';
import type { KeyboardEvent, ReactNode } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Button } from '@/components/ui/button.tsx';
import { InfoTip } from '@/components/ui/info-tip.tsx';
import { cn } from '@/lib/cn.ts';
import { toUserMessage } from '@/lib/errors.ts';

export interface TextSettingProps {
  label: string;
  description?: ReactNode;
  /** Explanation behind an info icon next to the label. */
  tip?: ReactNode;
  value: string;
  placeholder?: string;
  validate: (value: string) => string | null;
  save: (value: string) => Promise<unknown>;
  disabled?: boolean;
}

/**
 * One editable text setting: the message of `validate` shows while typing, Enter or Save stores
 * the value, Escape puts the stored value back, a refusal from the core shows under the field.
 */
export function TextSetting({
  label,
  description,
  tip,
  value,
  placeholder,
  validate,
  save,
  disabled = false,
}: TextSettingProps) {
  const { t } = useLingui();
  const id = useId();
  const [draft, setDraft] = useState<string | null>(null);
  const [serverError, setServerError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const shown = draft ?? value;
  const dirty = draft !== null && draft.trim() !== value;
  const error = draft === null ? null : validate(draft);
  const message = error ?? serverError;

  const submit = async () => {
    if (draft === null || error || !dirty || saving) return;
    setSaving(true);
    setServerError(null);
    try {
      await save(draft.trim());
      setDraft(null);
    } catch (err) {
      setServerError(toUserMessage(err));
    } finally {
      setSaving(false);
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Escape' && draft !== null) {
      event.preventDefault();
      setDraft(null);
      setServerError(null);
    }
  };

  return (
    <form
      noValidate
      className="flex flex-col gap-2 px-5 py-4"
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <div className="flex items-center gap-1.5">
        <label htmlFor={id} className="text-sm font-medium text-fg">
          {label}
        </label>
        {tip ? <InfoTip label={t`About ${label}`}>{tip}</InfoTip> : null}
      </div>
      {description ? <p className="text-[13px] text-muted">{description}</p> : null}
      <div className="flex gap-2">
        <input
          id={id}
          value={shown}
          placeholder={placeholder}
          disabled={disabled}
          aria-invalid={message ? true : undefined}
          aria-describedby={message ? `${id}-error` : undefined}
          onChange={(event) => {
            setDraft(event.target.value);
            setServerError(null);
          }}
          onKeyDown={onKeyDown}
          className={cn(
            'h-11 min-w-0 flex-1 rounded-md border bg-bg px-3 text-sm text-fg placeholder:text-faint disabled:opacity-60 wide:h-10',
            message ? 'border-danger' : 'border-edge hover:border-faint',
          )}
        />
        <Button
          type="submit"
          variant="primary"
          disabled={disabled || !dirty || error !== null}
          loading={saving}
        >
          <Trans>Save</Trans>
        </Button>
      </div>
      {message ? (
        <p id={`${id}-error`} className="text-[13px] text-danger">
          {message}
        </p>
      ) : null}
    </form>
  );
}
