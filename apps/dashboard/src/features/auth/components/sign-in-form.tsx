import type { FormEvent, ReactNode } from 'react';
import { Button } from '@/components/ui/button.tsx';

/**
 * The form of a sign-in screen (sign in, its two-factor step, owner setup): its fields, then one
 * full-width submit button, then what follows it (a way back).
 */
export function SignInForm({
  onSubmit,
  submitLabel,
  pending,
  children,
  after,
}: {
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  submitLabel: ReactNode;
  /** The request is running: the submit button spins. */
  pending: boolean;
  children: ReactNode;
  after?: ReactNode;
}) {
  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
      {children}
      <Button type="submit" variant="primary" loading={pending} className="mt-1 w-full">
        {submitLabel}
      </Button>
      {after}
    </form>
  );
}
