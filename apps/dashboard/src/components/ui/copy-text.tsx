import { useEffect, useState } from 'react';
import { Check, Copy } from 'lucide-react';
import { useLingui } from '@lingui/react/macro';
import { cn } from '@/lib/cn.ts';
import { notify } from '@/lib/toast.ts';

/** A text (an address) shown as a button that copies it, with a tick and "Copied" for a moment. */
export function CopyText({ text, className }: { text: string; className?: string }) {
  const { t } = useLingui();
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return undefined;
    const timer = setTimeout(() => setCopied(false), 1500);
    return () => clearTimeout(timer);
  }, [copied]);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setCopied(true);
    } catch {
      notify('error', t`Could not copy to the clipboard`);
    }
  };

  return (
    <button
      type="button"
      aria-label={t`Copy ${text}`}
      onClick={() => void copy()}
      className={cn(
        'group inline-flex min-w-0 items-center gap-1.5 rounded-md font-mono hover:text-accent',
        className,
      )}
    >
      <span className="truncate">{text}</span>
      {copied ? (
        <Check aria-hidden className="size-3.5 shrink-0 text-success" />
      ) : (
        <Copy aria-hidden className="size-3.5 shrink-0 text-faint group-hover:text-accent" />
      )}
      <span role="status" className="sr-only">
        {copied ? t`Copied` : ''}
      </span>
    </button>
  );
}
