import { Trans } from '@lingui/react/macro';
import { Button } from '@/components/ui/button.tsx';

/** Shown when a screen throws or its code cannot be loaded (for example after an update). */
export function RouteError({ error }: { error: unknown }) {
  const detail = error instanceof Error ? error.message : '';
  return (
    <div
      role="alert"
      className="flex min-h-full flex-col items-center justify-center gap-3 px-6 py-16 text-center"
    >
      <h1 className="text-xl font-semibold">
        <Trans>Something went wrong</Trans>
      </h1>
      {detail ? <p className="max-w-md font-mono text-[13px] text-muted">{detail}</p> : null}
      <div className="mt-3 flex gap-3">
        <Button onClick={() => window.location.reload()}>
          <Trans>Reload</Trans>
        </Button>
        <Button variant="primary" onClick={() => window.location.assign('/')}>
          <Trans>Go Home</Trans>
        </Button>
      </div>
    </div>
  );
}
