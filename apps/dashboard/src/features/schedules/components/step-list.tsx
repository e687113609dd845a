import { ArrowDown, ArrowUp, Plus, X } from 'lucide-react';
import type { PowerAction, StepType } from '@hearth/protocol';
import { Button } from '@/components/ui/button.tsx';
import { Checkbox } from '@/components/ui/checkbox.tsx';
import { SelectField, TextField } from '@/components/ui/field.tsx';
import { emptyStep, moveStep, removeStep, type StepDraft } from '../schedule-draft.ts';
import { STEP_LABELS } from '../schedule-format.ts';

const TYPES = (Object.keys(STEP_LABELS) as StepType[]).map((value) => ({
  value,
  label: STEP_LABELS[value],
}));

const ACTIONS: { value: PowerAction; label: string }[] = [
  { value: 'start', label: 'Start' },
  { value: 'stop', label: 'Stop' },
  { value: 'restart', label: 'Restart' },
  { value: 'kill', label: 'Kill' },
];

function StepFields({
  step,
  n,
  onChange,
}: {
  step: StepDraft;
  n: number;
  onChange: (next: StepDraft) => void;
}) {
  const set = (patch: Partial<StepDraft>) => onChange({ ...step, ...patch });
  switch (step.type) {
    case 'Command':
      return (
        <TextField
          label={`Command ${n}`}
          placeholder="say Restarting in 5 minutes"
          spellCheck={false}
          value={step.command}
          onChange={(event) => set({ command: event.target.value })}
        />
      );
    case 'Power':
      return (
        <SelectField
          label={`Action ${n}`}
          options={ACTIONS}
          value={step.action}
          onChange={(event) => set({ action: event.target.value as PowerAction })}
        />
      );
    case 'Backup':
      return (
        <div className="flex items-end gap-3">
          <div className="flex-1">
            <TextField
              label={`Backup name ${n}`}
              placeholder="Optional"
              value={step.backupName}
              onChange={(event) => set({ backupName: event.target.value })}
            />
          </div>
          <label className="flex h-10 items-center gap-2 text-sm">
            <Checkbox
              label={`Lock backup ${n}`}
              checked={step.locked}
              onCheckedChange={(locked) => set({ locked })}
            />
            Lock
          </label>
        </div>
      );
    case 'Macro':
      return (
        <div className="grid gap-3 sm:grid-cols-2">
          <TextField
            label={`Macro ${n}`}
            spellCheck={false}
            value={step.macro}
            onChange={(event) => set({ macro: event.target.value })}
          />
          <TextField
            label={`Arguments ${n}`}
            placeholder="Separated by spaces"
            spellCheck={false}
            value={step.args}
            onChange={(event) => set({ args: event.target.value })}
          />
        </div>
      );
    case 'Wait':
      return (
        <TextField
          label={`Seconds ${n}`}
          inputMode="numeric"
          value={step.seconds}
          onChange={(event) => set({ seconds: event.target.value })}
        />
      );
  }
}

/** The ordered steps: each with its type and fields; move up/down, remove, add. */
export function StepList({
  steps,
  errors,
  onChange,
}: {
  steps: StepDraft[];
  errors: Record<string, string>;
  onChange: (next: StepDraft[]) => void;
}) {
  return (
    <fieldset className="flex flex-col gap-3">
      <legend className="mb-2 text-sm font-semibold">Steps</legend>
      <ol className="flex flex-col gap-3">
        {steps.map((step, index) => {
          const n = index + 1;
          const error = errors[`steps.${index}`];
          return (
            <li
              key={step.key}
              aria-label={`Step ${n}`}
              className="flex flex-col gap-3 rounded-lg border border-line bg-bg/40 p-3"
            >
              <div className="flex items-end gap-2">
                <div className="flex-1">
                  <SelectField
                    label={`Step ${n}`}
                    options={TYPES}
                    value={step.type}
                    onChange={(event) =>
                      onChange(
                        steps.map((s, i) =>
                          i === index
                            ? { ...emptyStep(event.target.value as StepType), key: s.key }
                            : s,
                        ),
                      )
                    }
                  />
                </div>
                <Button
                  size="icon"
                  variant="ghost"
                  aria-label={`Move step ${n} up`}
                  disabled={index === 0}
                  onClick={() => onChange(moveStep(steps, index, -1))}
                >
                  <ArrowUp aria-hidden className="size-4" />
                </Button>
                <Button
                  size="icon"
                  variant="ghost"
                  aria-label={`Move step ${n} down`}
                  disabled={index === steps.length - 1}
                  onClick={() => onChange(moveStep(steps, index, 1))}
                >
                  <ArrowDown aria-hidden className="size-4" />
                </Button>
                <Button
                  size="icon"
                  variant="ghost"
                  aria-label={`Remove step ${n}`}
                  onClick={() => onChange(removeStep(steps, index))}
                >
                  <X aria-hidden className="size-4" />
                </Button>
              </div>
              <StepFields
                step={step}
                n={n}
                onChange={(next) => onChange(steps.map((s, i) => (i === index ? next : s)))}
              />
              {error ? <p className="text-[13px] text-danger">{error}</p> : null}
            </li>
          );
        })}
      </ol>
      {errors.steps ? <p className="text-[13px] text-danger">{errors.steps}</p> : null}
      <div>
        <Button size="sm" onClick={() => onChange([...steps, emptyStep('Command')])}>
          <Plus aria-hidden className="size-3.5" />
          Add step
        </Button>
      </div>
    </fieldset>
  );
}
