import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { ArrowDown, ArrowUp, Plus, X } from 'lucide-react';
import type { PowerAction, StepType } from '@hearth/protocol';
import { Button, IconButton } from '@/components/ui/button.tsx';
import { Checkbox } from '@/components/ui/checkbox.tsx';
import { SelectField, TextField } from '@/components/ui/field.tsx';
import { emptyStep, moveStep, removeStep, type StepDraft } from '../schedule-draft.ts';
import { STEP_LABELS } from '../schedule-format.ts';

const STEP_TYPES = Object.keys(STEP_LABELS) as StepType[];

const ACTIONS: { value: PowerAction; label: MessageDescriptor }[] = [
  { value: 'start', label: msg`Start` },
  { value: 'stop', label: msg`Stop` },
  { value: 'restart', label: msg`Restart` },
  { value: 'kill', label: msg`Kill` },
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
  const { t, i18n } = useLingui();
  const set = (patch: Partial<StepDraft>) => onChange({ ...step, ...patch });
  switch (step.type) {
    case 'Command':
      return (
        <TextField
          label={t`Command ${n}`}
          placeholder={t`say Restarting in 5 minutes`}
          spellCheck={false}
          value={step.command}
          onChange={(event) => set({ command: event.target.value })}
        />
      );
    case 'Power':
      return (
        <SelectField
          label={t`Action ${n}`}
          options={ACTIONS.map((action) => ({ value: action.value, label: i18n._(action.label) }))}
          value={step.action}
          onChange={(event) => set({ action: event.target.value as PowerAction })}
        />
      );
    case 'Backup':
      return (
        <div className="flex items-end gap-3">
          <div className="flex-1">
            <TextField
              label={t`Backup name ${n}`}
              placeholder={t`Optional`}
              value={step.backupName}
              onChange={(event) => set({ backupName: event.target.value })}
            />
          </div>
          <label className="flex h-10 items-center gap-2 text-sm">
            <Checkbox
              label={t`Lock backup ${n}`}
              checked={step.locked}
              onCheckedChange={(locked) => set({ locked })}
            />
            <Trans>Lock</Trans>
          </label>
        </div>
      );
    case 'Macro':
      return (
        <div className="grid gap-3 sm:grid-cols-2">
          <TextField
            label={t`Macro ${n}`}
            spellCheck={false}
            value={step.macro}
            onChange={(event) => set({ macro: event.target.value })}
          />
          <TextField
            label={t`Arguments ${n}`}
            placeholder={t`Separated by spaces`}
            spellCheck={false}
            value={step.args}
            onChange={(event) => set({ args: event.target.value })}
          />
        </div>
      );
    case 'Wait':
      return (
        <TextField
          label={t`Seconds ${n}`}
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
  const { t, i18n } = useLingui();
  const types = STEP_TYPES.map((value) => ({ value, label: i18n._(STEP_LABELS[value]) }));
  return (
    <fieldset className="flex flex-col gap-3">
      <legend className="mb-2 text-sm font-semibold">
        <Trans>Steps</Trans>
      </legend>
      <ol className="flex flex-col gap-3">
        {steps.map((step, index) => {
          const n = index + 1;
          const error = errors[`steps.${index}`];
          return (
            <li
              key={step.key}
              aria-label={t`Step ${n}`}
              className="flex flex-col gap-3 rounded-lg border border-line bg-bg/40 p-3"
            >
              <div className="flex items-end gap-2">
                <div className="flex-1">
                  <SelectField
                    label={t`Step ${n}`}
                    options={types}
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
                <IconButton
                  label={t`Move step ${n} up`}
                  disabled={index === 0}
                  onClick={() => onChange(moveStep(steps, index, -1))}
                >
                  <ArrowUp aria-hidden className="size-4" />
                </IconButton>
                <IconButton
                  label={t`Move step ${n} down`}
                  disabled={index === steps.length - 1}
                  onClick={() => onChange(moveStep(steps, index, 1))}
                >
                  <ArrowDown aria-hidden className="size-4" />
                </IconButton>
                <IconButton
                  label={t`Remove step ${n}`}
                  onClick={() => onChange(removeStep(steps, index))}
                >
                  <X aria-hidden className="size-4" />
                </IconButton>
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
          <Trans>Add step</Trans>
        </Button>
      </div>
    </fieldset>
  );
}
