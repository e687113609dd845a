import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { Button } from '@/components/ui/button.tsx';
import { Modal } from '@/components/ui/dialog.tsx';
import { TextField } from '@/components/ui/field.tsx';
import { splitArguments } from '../api/run-macro.ts';

export interface RunMacroDialogProps {
  /** The macro to run; the dialog is open while it is set. */
  name: string;
  /** Starts the run; the dialog closes at once (the row menu's toasts report how it went). */
  onRun: (args: string[]) => void;
  onClose: () => void;
}

/**
 * Run Macro with its arguments (issue 23 #3): what the API and schedules already pass, split at
 * spaces as the schedule steps do, reaching the macro as `Deno.args`. Enter runs.
 */
export function RunMacroDialog({ name, onRun, onClose }: RunMacroDialogProps) {
  const [args, setArgs] = useState('');
  const { t } = useLingui();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onRun(splitArguments(args));
    onClose();
  };
  return (
    <Modal
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={t`Run Macro`}
      description={name}
    >
      <form onSubmit={submit} className="flex flex-col gap-4">
        <TextField
          label={t`Arguments`}
          optional
          value={args}
          onChange={(event) => setArgs(event.target.value)}
          hint={t`Separated by spaces; the macro reads them as Deno.args.`}
          autoComplete="off"
          spellCheck={false}
        />
        <div className="mt-2 flex flex-wrap justify-end gap-2">
          <Button type="button" variant="secondary" onClick={onClose}>
            <Trans>Cancel</Trans>
          </Button>
          <Button type="submit" variant="primary">
            <Trans>Run</Trans>
          </Button>
        </div>
      </form>
    </Modal>
  );
}
