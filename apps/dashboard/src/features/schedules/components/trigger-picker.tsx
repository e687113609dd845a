import type { ScheduleEventKind } from '@hearth/protocol';
import { SelectField, TextField } from '@/components/ui/field.tsx';
import { cn } from '@/lib/cn.ts';
import { triggerPreview, type TriggerDraft, type TriggerKind } from '../schedule-draft.ts';

const KINDS: { value: TriggerKind; label: string }[] = [
  { value: 'Cron', label: 'On a calendar (cron)' },
  { value: 'Interval', label: 'Every fixed interval' },
  { value: 'Event', label: 'When something happens' },
  { value: 'ConsoleLine', label: 'When a console line matches' },
];

const EVENTS: { value: ScheduleEventKind; label: string }[] = [
  { value: 'InstanceStarted', label: 'The instance starts' },
  { value: 'InstanceStopped', label: 'The instance stops' },
  { value: 'InstanceCrashed', label: 'The instance crashes' },
  { value: 'PlayerJoined', label: 'A player joins' },
  { value: 'PlayerLeft', label: 'A player leaves' },
];

const UNITS = [
  { value: 'seconds', label: 'seconds' },
  { value: 'minutes', label: 'minutes' },
  { value: 'hours', label: 'hours' },
  { value: 'days', label: 'days' },
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
  const set = (patch: Partial<TriggerDraft>) => onChange({ ...value, ...patch });
  const preview = triggerPreview(value);
  return (
    <fieldset className="flex flex-col gap-3">
      <legend className="mb-2 text-sm font-semibold">Trigger</legend>
      <SelectField
        label="Runs"
        options={KINDS}
        value={value.kind}
        onChange={(event) => set({ kind: event.target.value as TriggerKind })}
      />
      {value.kind === 'Cron' ? (
        <div className="grid gap-3 sm:grid-cols-[2fr_1fr]">
          <TextField
            label="Cron expression"
            hint="minute hour day-of-month month day-of-week, or @daily"
            spellCheck={false}
            className="font-mono"
            value={value.cron}
            onChange={(event) => set({ cron: event.target.value })}
          />
          <TextField
            label="Time zone"
            spellCheck={false}
            value={value.timezone}
            onChange={(event) => set({ timezone: event.target.value })}
          />
        </div>
      ) : null}
      {value.kind === 'Interval' ? (
        <div className="grid grid-cols-2 gap-3">
          <TextField
            label="Every"
            inputMode="numeric"
            value={value.every}
            onChange={(event) => set({ every: event.target.value })}
          />
          <SelectField
            label="Unit"
            options={UNITS}
            value={value.unit}
            onChange={(event) => set({ unit: event.target.value as TriggerDraft['unit'] })}
          />
        </div>
      ) : null}
      {value.kind === 'Event' ? (
        <SelectField
          label="Event"
          options={EVENTS}
          value={value.event}
          onChange={(event) => set({ event: event.target.value as ScheduleEventKind })}
        />
      ) : null}
      {value.kind === 'ConsoleLine' ? (
        <TextField
          label="Pattern"
          hint="A regular expression tested on each console line"
          spellCheck={false}
          className="font-mono"
          value={value.pattern}
          onChange={(event) => set({ pattern: event.target.value })}
        />
      ) : null}
      <p
        role="status"
        aria-label="Trigger preview"
        className={cn('text-[13px]', preview.ok && !error ? 'text-muted' : 'text-danger')}
      >
        {error ?? (preview.ok ? `Runs ${preview.text}` : preview.text)}
      </p>
    </fieldset>
  );
}
