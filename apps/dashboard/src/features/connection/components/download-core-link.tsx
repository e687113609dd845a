import { Trans } from '@lingui/react/macro';
import { Download } from 'lucide-react';
import { buttonClasses } from '@/components/ui/button.tsx';
import type { ButtonVariant } from '@/components/ui/button.tsx';
import { CORE_DOWNLOAD_URL } from '../links.ts';

/** "Download the core": how to install and run a core, in a new tab, drawn as a button. */
export function DownloadCoreLink({
  variant,
  className,
}: {
  variant: ButtonVariant;
  className: string;
}) {
  return (
    <a
      href={CORE_DOWNLOAD_URL}
      target="_blank"
      rel="noreferrer"
      className={buttonClasses(variant, 'md', className)}
    >
      <Download aria-hidden className="size-4" />
      <Trans>Download the core</Trans>
    </a>
  );
}
