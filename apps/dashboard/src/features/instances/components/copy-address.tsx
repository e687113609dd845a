import { CopyText } from '@/components/ui/copy-text.tsx';

/** address:port with a copy button (dashboard.md §2 Overview). */
export function CopyAddress({ address }: { address: string }) {
  return <CopyText text={address} className="min-h-11 text-sm wide:min-h-0" />;
}
