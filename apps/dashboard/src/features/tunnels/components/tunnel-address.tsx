import { Trans } from '@lingui/react/macro';
import { CopyText } from '@/components/ui/copy-text.tsx';

/** A tunnel's public address; a click copies it (dashboard.md §2 Playitgg tab). */
export function TunnelAddress({ address }: { address: string }) {
  if (address === '')
    return (
      <span className="text-faint">
        <Trans>Not allocated yet</Trans>
      </span>
    );
  return <CopyText text={address} className="max-w-full text-[13px]" />;
}
