import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import type { ScheduleEventKind } from '@hearth/protocol';
import { SelectField, TextField } from '@/components/ui/field.tsx';
import { cn } from '@/lib/cn.ts';
import { triggerPreview, type TriggerDraft, type TriggerKind } from '../schedule-draft.ts';

const KINDS: { value: TriggerKind; label: MessageDescriptor }[] = [
  { value: 'Cron', label: msg`On a calendar (cron)` },
  { value: 'Interval', label: msg`Every fixed interval` },
  { value: 'Event', label: msg`When something happens` },
  { value: 'ConsoleLine', label: msg`When a console line matches` },
];

const EVENTS: { value: ScheduleEventKind; label: MessageDescriptor }[] = [
  { value: 'InstanceStarted', label: msg`The instance starts` },
  { value: 'InstanceStopped', label: msg`The instance stops` },
  { value: 'InstanceCrashed', label: msg`The instance crashes` },
  { value: 'PlayerJoined', label: msg`A player joins` },
  { value: 'PlayerLeft', label: msg`A player leaves` },
];

const UNITS: { value: string; label: MessageDescriptor }[] = [
  { value: 'seconds', label: msg`seconds` },
  { value: 'minutes', label: msg`minutes` },
  { value: 'hours', label: msg`hours` },
  { value: 'days', label: msg`days` },
];

/** The trigger part of the editor, with the trigger in words as it will be saved. */
export function TriggerPicker({
  value,
  onChange,
  error,
}: {
  value: TriggerDraft;
  onChange: (next: TriggerDraft) => void;
  error: string | undefined;
}) {
  const { t, i18n } = useLingui();
  const set = (patch: Partial<TriggerDraft>) => onChange({ ...value, ...patch });
  const preview = triggerPreview(value);
  const words = preview.text;
  const options = (list: { value: string; label: MessageDescriptor }[]) =>
    list.map((option) => ({ value: option.value, label: i18n._(option.label) }));
  return (
    <fieldset className="flex flex-col gap-3">
      <legend className="mb-2 text-sm font-semibold">
        <Trans>Trigger</Trans>
      </legend>
      <SelectField
        label={t`Runs`}
        options={options(KINDS)}
        value={value.kind}
        onChange={(event) => set({ kind: event.target.value as TriggerKind })}
      />
      {value.kind === 'Cron' ? (
        <div className="grid gap-3 sm:grid-cols-[2fr_1fr]">
          <TextField
            label={t`Cron expression`}
            hint={t`minute hour day-of-month month day-of-week, or @daily`}
            spellCheck={false}
            className="font-mono"
            value={value.cron}
            onChange={(event) => set({ cron: event.target.value })}
          />
          <TextField
            label={t`Time zone`}
            spellCheck={false}
            value={value.timezone}
            onChange={(event) => set({ timezone: event.target.value })}
          />
        </div>
      ) : null}
      {value.kind === 'Interval' ? (
        <div className="grid grid-cols-2 gap-3">
          <TextField
            label={t`Every`}
            inputMode="numeric"
            value={value.every}
            onChange={(event) => set({ every: event.target.value })}
          />
          <SelectField
            label={t`Unit`}
            options={options(UNITS)}
            value={value.unit}
            onChange={(event) => set({ unit: event.target.value as TriggerDraft['unit'] })}
          />
        </div>
      ) : null}
      {value.kind === 'Event' ? (
        <SelectField
          label={t`Event`}
          options={options(EVENTS)}
          value={value.event}
          onChange={(event) => set({ event: event.target.value as ScheduleEventKind })}
        />
      ) : null}
      {value.kind === 'ConsoleLine' ? (
        <TextField
          label={t`Pattern`}
          hint={t`A regular expression tested on each console line`}
          spellCheck={false}
          className="font-mono"
          value={value.pattern}
          onChange={(event) => set({ pattern: event.target.value })}
        />
      ) : null}
      <p
        role="status"
        aria-label={t`Trigger preview`}
        className={cn('text-[13px]', preview.ok && !error ? 'text-muted' : 'text-danger')}
      >
        {error ?? (preview.ok ? t`Runs ${words}` : words)}
      </p>
    </fieldset>
  );
}
