import { useRef, useState } from 'react';
import { useLingui } from '@lingui/react/macro';
import { TextField } from '@/components/ui/field.tsx';
import { FormDialog } from '@/components/ui/form-dialog.tsx';
import { toUserMessage } from '@/lib/errors.ts';
import { validateFileName } from '../model/name-validation.ts';

export interface NameDialogProps {
  title: string;
  placeholder?: string;
  submitLabel: string;
  initialName?: string;
  /** Resolves when done; a rejection's message shows on the name field. */
  onSubmit: (name: string) => Promise<void>;
  onClose: () => void;
}

/** Name your folder / Name your file / Rename file (dashboard.md §2, §5: `Required`, server errors on the field). */
export function NameDialog({
  title,
  placeholder,
  submitLabel,
  initialName = '',
  onSubmit,
  onClose,
}: NameDialogProps) {
  const { t } = useLingui();
  const [name, setName] = useState(initialName);
  const [error, setError] = useState<string | undefined>(undefined);
  const [pending, setPending] = useState(false);
  /** The stem is selected on the first focus only; later focus leaves the caret where it is. */
  const stemSelected = useRef(false);

  const submit = async () => {
    const invalid = validateFileName(name);
    setError(invalid);
    if (invalid) return;
    setPending(true);
    try {
      await onSubmit(name.trim());
      onClose();
    } catch (err) {
      setError(toUserMessage(err));
      setPending(false);
    }
  };

  return (
    <FormDialog
      title={title}
      submitLabel={submitLabel}
      pending={pending}
      onSubmit={() => void submit()}
      onClose={onClose}
    >
      <TextField
        label={t`Name`}
        autoFocus
        autoComplete="off"
        spellCheck={false}
        placeholder={placeholder}
        value={name}
        error={error}
        onChange={(event) => {
          setName(event.target.value);
          if (error) setError(undefined);
        }}
        onFocus={(event) => {
          // Select the stem of an existing name once, so typing replaces it and keeps the
          // extension. Coming back to the field (after an error) must not move the caret.
          if (stemSelected.current || initialName === '') return;
          stemSelected.current = true;
          const dot = initialName.lastIndexOf('.');
          event.currentTarget.setSelectionRange(0, dot > 0 ? dot : initialName.length);
        }}
      />
    </FormDialog>
  );
}
