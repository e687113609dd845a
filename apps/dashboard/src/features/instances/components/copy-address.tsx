import { useEffect, useState } from 'react';
import { Check, Copy } from 'lucide-react';
import { notify } from '@/lib/toast.ts';

/** address:port with a copy button (dashboard.md §2 Overview). */
export function CopyAddress({ address }: { address: string }) {
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return undefined;
    const timer = setTimeout(() => setCopied(false), 1500);
    return () => clearTimeout(timer);
  }, [copied]);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(address);
      setCopied(true);
    } catch {
      notify('error', 'Could not copy to the clipboard');
    }
  };

  return (
    <button
      type="button"
      aria-label={`Copy ${address}`}
      onClick={() => void copy()}
      className="group inline-flex min-h-11 min-w-0 items-center gap-1.5 rounded-md font-mono text-sm hover:text-accent wide:min-h-0"
    >
      <span className="truncate">{address}</span>
      {copied ? (
        <Check aria-hidden className="size-3.5 text-success" />
      ) : (
        <Copy aria-hidden className="size-3.5 text-faint group-hover:text-accent" />
      )}
      <span role="status" className="sr-only">
        {copied ? 'Copied' : ''}
      </span>
    </button>
  );
}
