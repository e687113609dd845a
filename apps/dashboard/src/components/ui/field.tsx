import { useId } from 'react';
import { Trans } from '@lingui/react/macro';
import type { InputHTMLAttributes, ReactNode, SelectHTMLAttributes } from 'react';
import { cn } from '@/lib/cn.ts';

const CONTROL =
  'h-11 w-full rounded-md border bg-bg px-3 text-sm text-fg placeholder:text-faint transition-colors wide:h-10 ' +
  'disabled:opacity-60';

interface FieldShellProps {
  id: string;
  label: string;
  /** A second, screen-reader-only name for the same field (e.g. the spec's other wording). */
  altLabel?: string | undefined;
  hint?: ReactNode;
  error?: string | undefined;
  optional?: boolean;
  children: ReactNode;
}

function FieldShell({ id, label, altLabel, hint, error, optional, children }: FieldShellProps) {
  return (
    <div className="flex flex-col gap-1.5">
      <div className="flex items-baseline justify-between gap-2">
        <label htmlFor={id} className="text-[13px] font-medium text-muted">
          {label}
        </label>
        {optional ? (
          <span className="text-xs text-faint">
            <Trans>Optional</Trans>
          </span>
        ) : null}
      </div>
      {altLabel ? (
        <label htmlFor={id} className="sr-only">
          {altLabel}
        </label>
      ) : null}
      {children}
      {error ? (
        <p id={`${id}-error`} className="text-[13px] text-danger">
          {error}
        </p>
      ) : hint ? (
        <p id={`${id}-hint`} className="text-[13px] text-faint">
          {hint}
        </p>
      ) : null}
    </div>
  );
}

function describedBy(id: string, error: string | undefined, hint: ReactNode): string | undefined {
  if (error) return `${id}-error`;
  return hint ? `${id}-hint` : undefined;
}

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  label: string;
  altLabel?: string;
  error?: string | undefined;
  hint?: ReactNode;
  optional?: boolean;
}

/** A labelled input; the label text is the spec's field name so tests and screen readers find it. */
export function TextField({
  label,
  altLabel,
  error,
  hint,
  optional,
  className,
  ...props
}: TextFieldProps) {
  const id = useId();
  return (
    <FieldShell
      id={id}
      label={label}
      altLabel={altLabel}
      hint={hint}
      error={error}
      optional={optional ?? false}
    >
      <input
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, error, hint)}
        className={cn(
          CONTROL,
          error ? 'border-danger' : 'border-edge hover:border-faint',
          className,
        )}
        {...props}
      />
    </FieldShell>
  );
}

export interface SelectFieldProps extends Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id'> {
  label: string;
  options: readonly { value: string; label: string }[];
  error?: string | undefined;
  hint?: ReactNode;
}

export function SelectField({
  label,
  options,
  error,
  hint,
  className,
  ...props
}: SelectFieldProps) {
  const id = useId();
  return (
    <FieldShell id={id} label={label} hint={hint} error={error}>
      <select
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, error, hint)}
        className={cn(
          CONTROL,
          'appearance-auto',
          error ? 'border-danger' : 'border-edge hover:border-faint',
          className,
        )}
        {...props}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </FieldShell>
  );
}

/** A form-level error (server answers), announced to screen readers. */
export function FormError({ message }: { message: string | null | undefined }) {
  if (!message) return null;
  return (
    <p
      role="alert"
      className="rounded-md border border-danger/40 bg-danger/10 px-3 py-2 text-[13px] text-danger"
    >
      {message}
    </p>
  );
}
