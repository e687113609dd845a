import { Trans } from '@lingui/react/macro';
import { Button } from '@/components/ui/button.tsx';
import { useAppNavigate } from '@/lib/url-state.ts';

/** Any unknown path (and, until their screens exist, the instance and settings routes). */
export function NotFoundRoute() {
  const navigate = useAppNavigate();
  return (
    <main className="flex min-h-full flex-col items-center justify-center gap-3 px-6 py-16 text-center">
      {/* A code above the heading, not a paragraph: a styled <p> reads as a heading (axe:
          p-as-heading), and the h1 under it is the page's heading. */}
      <div className="font-mono text-5xl font-semibold text-faint">404</div>
      <h1 className="text-xl font-semibold">
        <Trans>Page not found</Trans>
      </h1>
      <p className="max-w-sm text-sm text-muted">
        <Trans>
          There is nothing at this address. It may have moved, or the link may be wrong.
        </Trans>
      </p>
      <Button
        variant="primary"
        className="mt-3"
        onClick={() => void navigate('/', { clear: ['instance', 'user', 'path'] })}
      >
        <Trans>Go Home</Trans>
      </Button>
    </main>
  );
}
