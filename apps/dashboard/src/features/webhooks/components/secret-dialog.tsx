import { Copy } from 'lucide-react';
import { Button } from '@/components/ui/button.tsx';
import { Modal } from '@/components/ui/dialog.tsx';
import { notify } from '@/lib/toast.ts';

/** A signed target's secret, shown once (the core never sends it again). */
export function SecretDialog({ secret, onClose }: { secret: string | null; onClose: () => void }) {
  const copy = () =>
    navigator.clipboard.writeText(secret ?? '').then(
      () => notify('success', 'Secret copied'),
      () => notify('error', 'Could not copy the secret'),
    );
  return (
    <Modal
      open={secret !== null}
      onOpenChange={(open) => (open ? undefined : onClose())}
      title="Signing secret"
      description="Your receiver checks the x-hearth-signature header with it: HMAC-SHA256 of '<x-hearth-timestamp>.<body>'. It is shown only now."
      actions={<Button onClick={onClose}>Done</Button>}
    >
      <div className="flex items-center gap-2">
        <code
          aria-label="Signing secret"
          className="min-w-0 flex-1 truncate rounded-md border border-line bg-bg px-3 py-2 font-mono text-xs text-fg"
        >
          {secret}
        </code>
        <Button size="sm" onClick={() => void copy()}>
          <Copy aria-hidden className="size-3.5" />
          Copy
        </Button>
      </div>
    </Modal>
  );
}
