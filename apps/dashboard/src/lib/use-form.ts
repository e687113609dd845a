import { useCallback, useState } from 'react';
import type { ChangeEvent, FormEvent } from 'react';

export type FormErrors<V> = Partial<Record<keyof V, string>>;

/**
 * Small controlled-form helper: string values, a pure validate function, errors shown
 * after the first submit attempt and kept live from then on.
 */
export function useForm<V extends Record<string, string>>(
  initial: V,
  validate: (values: V) => FormErrors<V>,
) {
  const [values, setValues] = useState<V>(initial);
  const [submitted, setSubmitted] = useState(false);
  const errors: FormErrors<V> = submitted ? validate(values) : {};

  const setValue = useCallback((name: keyof V, value: string) => {
    setValues((current) => ({ ...current, [name]: value }));
  }, []);

  const field = (name: keyof V & string) => ({
    name,
    value: values[name],
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLSelectElement>) =>
      setValue(name, event.target.value),
    error: errors[name],
  });

  /** Validates; on errors focuses the first invalid field (by its `name`), else calls `onValid`. */
  const handleSubmit = (onValid: (values: V) => unknown) => (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSubmitted(true);
    const invalid = Object.keys(validate(values));
    if (invalid.length === 0) {
      void onValid(values);
      return;
    }
    const form = event.currentTarget;
    const first = [...form.elements].find(
      (el): el is HTMLInputElement | HTMLSelectElement =>
        (el instanceof HTMLInputElement || el instanceof HTMLSelectElement) &&
        invalid.includes(el.name),
    );
    first?.focus();
  };

  return { values, setValues, setValue, errors, field, handleSubmit };
}
