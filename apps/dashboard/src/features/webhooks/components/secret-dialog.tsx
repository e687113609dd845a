import { Copy } from 'lucide-react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Button } from '@/components/ui/button.tsx';
import { Modal } from '@/components/ui/dialog.tsx';
import { notify } from '@/lib/toast.ts';

/** A signed target's secret, shown once (the core never sends it again). */
export function SecretDialog({ secret, onClose }: { secret: string | null; onClose: () => void }) {
  const { t } = useLingui();
  const copy = () =>
    navigator.clipboard.writeText(secret ?? '').then(
      () => notify('success', t`Secret copied`),
      () => notify('error', t`Could not copy the secret`),
    );
  return (
    <Modal
      open={secret !== null}
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={t`Signing secret`}
      description={t`Your receiver checks the x-hearth-signature header with it: HMAC-SHA256 of '<x-hearth-timestamp>.<body>'. It is shown only now.`}
      actions={
        <Button onClick={onClose}>
          <Trans>Done</Trans>
        </Button>
      }
    >
      <div className="flex items-center gap-2">
        <code
          aria-label={t`Signing secret`}
          className="min-w-0 flex-1 truncate rounded-md border border-line bg-bg px-3 py-2 font-mono text-xs text-fg"
        >
          {secret}
        </code>
        <Button size="sm" onClick={() => void copy()}>
          <Copy aria-hidden className="size-3.5" />
          <Trans>Copy</Trans>
        </Button>
      </div>
    </Modal>
  );
}
