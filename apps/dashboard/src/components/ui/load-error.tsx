import { toUserMessage } from '@/lib/errors.ts';

/** What a failed read of a screen's data says in its place, announced to screen readers. */
export function LoadError({ error }: { error: unknown }) {
  return (
    <p role="alert" className="text-sm text-danger">
      {toUserMessage(error)}
    </p>
  );
}
