import { Download } from 'lucide-react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Button } from '@/components/ui/button.tsx';
import { CopyText } from '@/components/ui/copy-text.tsx';

/** Ten recovery codes, shown once: to copy or save as a text file. */
export function RecoveryCodes({ codes, username }: { codes: readonly string[]; username: string }) {
  const { t } = useLingui();
  const text = `${codes.join('\n')}\n`;
  const download = () => {
    const url = URL.createObjectURL(new Blob([text], { type: 'text/plain' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = `hearth-recovery-codes-${username}.txt`;
    link.click();
    URL.revokeObjectURL(url);
  };
  return (
    <div className="flex flex-col gap-3">
      <p className="text-sm text-muted">
        <Trans>
          Each code signs you in once if you lose your authenticator. Keep them somewhere safe: they
          are not shown again.
        </Trans>
      </p>
      <ol
        aria-label={t`Recovery codes`}
        className="grid grid-cols-1 gap-1 rounded-lg border border-line bg-bg p-3 font-mono text-sm text-fg wide:grid-cols-2"
      >
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ol>
      <div className="flex flex-wrap items-center gap-3">
        <CopyText
          text={text.trim().replace(/\n/g, ' ')}
          className="max-w-full text-xs text-muted"
        />
        <Button size="sm" onClick={download}>
          <Download aria-hidden className="size-4" />
          <Trans>Download</Trans>
        </Button>
      </div>
    </div>
  );
}
