import { useEffect, useEffectEvent, useId, useState } from 'react';
import type { KeyboardEvent } from 'react';
import { Check } from 'lucide-react';
import { Trans } from '@lingui/react/macro';
import { SETTING_TEXT_MAX, VALIDATION_DEBOUNCE_MS } from '@hearth/protocol';
import type { ConfigurableValue, SettingManifest } from '@hearth/protocol';
import { Switch } from '@/components/ui/switch.tsx';
import { cn } from '@/lib/cn.ts';
import { toUserMessage } from '@/lib/errors.ts';
import { isMotdSetting } from './motd.ts';
import { initialFieldValue, widgetKind } from './setting-values.ts';
import { validateWidgetText, widgetValue } from './setting-widget-rules.ts';
import { MotdPreview } from './motd-preview.tsx';

export type SaveSetting = (value: ConfigurableValue) => Promise<unknown>;

interface WidgetProps {
  setting: SettingManifest;
  save: SaveSetting;
  disabled: boolean;
  /** Say "Saved" after a save (off where `save` only keeps a draft, e.g. the Macro Config dialog). */
  showSaved?: boolean;
  /**
   * Told the text field's error whenever its draft changes (null: nothing unsaved is wrong), so a
   * dialog that saves many settings at once can refuse while one of them cannot be sent.
   */
  onDraftError?: (error: string | null) => void;
}

const CONTROL =
  'h-11 w-full rounded-md border bg-bg px-3 text-sm text-fg placeholder:text-faint disabled:opacity-60 wide:h-9';

/** Validation runs 100 ms after the last keystroke (dashboard.md §5). */
function useDebounced<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

function Message({ id, error, saved }: { id: string; error: string | null; saved: boolean }) {
  if (error) {
    return (
      <p id={id} className="text-[13px] text-danger">
        {error}
      </p>
    );
  }
  return saved ? (
    <p id={id} className="flex items-center gap-1 text-[13px] text-success">
      <Check aria-hidden className="size-3.5" /> <Trans>Saved</Trans>
    </p>
  ) : null;
}

/** text, password and number widgets: Enter (or leaving the field) saves, Escape resets. */
function TextWidget({
  setting,
  save,
  disabled,
  label,
  showSaved = true,
  onDraftError,
}: WidgetProps & { label: string }) {
  const id = useId();
  const kind = widgetKind(setting);
  const [stored, setStored] = useState(() => String(initialFieldValue(setting) ?? ''));
  const [draft, setDraft] = useState(stored);
  const [serverError, setServerError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [saved, setSaved] = useState(false);
  const checked = useDebounced(draft, VALIDATION_DEBOUNCE_MS);
  const error =
    checked === stored || draft === stored ? null : validateWidgetText(setting, checked);
  const message = error ?? serverError;
  const draftError = draft === stored ? null : validateWidgetText(setting, draft);
  const reportDraftError = useEffectEvent((value: string | null) => onDraftError?.(value));
  useEffect(() => reportDraftError(draftError), [draftError]);
  // A field that goes away (the config refetched) holds nothing unsaved any more.
  useEffect(() => () => reportDraftError(null), []);

  const submit = async () => {
    if (draft === stored || saving) return;
    const invalid = validateWidgetText(setting, draft);
    const value = widgetValue(setting, draft);
    if (invalid || !value) return;
    setSaving(true);
    setServerError(null);
    try {
      await save(value);
      const text = String(value.value);
      setStored(text);
      setDraft(text);
      setSaved(showSaved);
    } catch (err) {
      setServerError(toUserMessage(err));
    } finally {
      setSaving(false);
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      void submit();
    } else if (event.key === 'Escape') {
      event.preventDefault();
      setDraft(stored);
      setServerError(null);
    }
  };

  return (
    <div className="flex flex-col gap-1.5">
      <input
        id={id}
        aria-label={label}
        type={kind === 'password' ? 'password' : 'text'}
        inputMode={kind === 'number' ? 'decimal' : undefined}
        autoComplete="off"
        maxLength={SETTING_TEXT_MAX}
        value={draft}
        disabled={disabled}
        readOnly={saving}
        aria-invalid={message ? true : undefined}
        aria-describedby={`${id}-message`}
        onChange={(event) => {
          setDraft(event.target.value);
          setServerError(null);
          setSaved(false);
        }}
        onKeyDown={onKeyDown}
        onBlur={() => void submit()}
        className={cn(CONTROL, message ? 'border-danger' : 'border-edge hover:border-faint')}
      />
      <Message id={`${id}-message`} error={message} saved={saved} />
      {isMotdSetting(setting.setting_id) ? <MotdPreview value={draft} /> : null}
    </div>
  );
}

/** toggle and dropdown widgets save on change and go back to the stored value on failure. */
function ChoiceWidget({ setting, save, disabled, label }: WidgetProps & { label: string }) {
  const id = useId();
  const [value, setValue] = useState(() => initialFieldValue(setting));
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const choose = async (next: string | boolean) => {
    const previous = value;
    const wire = widgetValue(setting, next);
    if (!wire) return;
    setValue(next);
    setError(null);
    setSaving(true);
    try {
      await save(wire);
    } catch (err) {
      setValue(previous);
      setError(toUserMessage(err));
    } finally {
      setSaving(false);
    }
  };

  const control =
    widgetKind(setting) === 'toggle' ? (
      <Switch
        label={label}
        checked={value === true}
        disabled={disabled || saving}
        onCheckedChange={(next) => void choose(next)}
      />
    ) : (
      <select
        aria-label={label}
        value={typeof value === 'string' ? value : ''}
        disabled={disabled || saving}
        onChange={(event) => void choose(event.target.value)}
        className={cn(CONTROL, 'appearance-auto border-edge')}
      >
        {(setting.value_type.type === 'Enum' ? setting.value_type.options : []).map((option) => (
          <option key={option} value={option}>
            {option}
          </option>
        ))}
      </select>
    );
  return (
    <div className="flex flex-col items-end gap-1.5">
      {control}
      <Message id={`${id}-message`} error={error} saved={false} />
    </div>
  );
}

/** One server setting with the widget its type calls for (dashboard.md §2 Instance Settings). */
export function SettingWidget(props: WidgetProps) {
  const kind = widgetKind(props.setting);
  const label = props.setting.name;
  const disabled = props.disabled || !props.setting.is_mutable;
  return kind === 'toggle' || kind === 'dropdown' ? (
    <ChoiceWidget {...props} disabled={disabled} label={label} />
  ) : (
    <TextWidget {...props} disabled={disabled} label={label} />
  );
}
