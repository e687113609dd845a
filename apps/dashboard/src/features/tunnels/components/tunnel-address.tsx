import { useEffect, useState } from 'react';
import { Check, Copy } from 'lucide-react';
import { notify } from '@/lib/toast.ts';

/** A tunnel's public address; a click copies it (dashboard.md §2 Playitgg tab). */
export function TunnelAddress({ address }: { address: string }) {
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return undefined;
    const timer = setTimeout(() => setCopied(false), 1500);
    return () => clearTimeout(timer);
  }, [copied]);

  if (address === '') return <span className="text-faint">Not allocated yet</span>;

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
      className="group inline-flex max-w-full min-w-0 items-center gap-1.5 rounded-md font-mono text-[13px] hover:text-accent"
    >
      <span className="truncate">{address}</span>
      {copied ? (
        <Check aria-hidden className="size-3.5 shrink-0 text-success" />
      ) : (
        <Copy aria-hidden className="size-3.5 shrink-0 text-faint group-hover:text-accent" />
      )}
      <span role="status" className="sr-only">
        {copied ? 'Copied' : ''}
      </span>
    </button>
  );
}
