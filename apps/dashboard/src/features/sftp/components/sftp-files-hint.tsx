import { CopyText } from '@/components/ui/copy-text.tsx';
import type { CoreConnection } from '@/lib/session.ts';
import { useSftpInfo } from '../api/sftp.ts';
import { sftpHost } from '../sftp-text.ts';

/**
 * The Files tab's footer: this instance's SFTP address with the viewer's username, to copy into
 * FileZilla or WinSCP. Nothing while SFTP is off or the viewer has no account here.
 */
export function SftpFilesHint({ core, instance }: { core: CoreConnection; instance: string }) {
  const info = useSftpInfo(core);
  const data = info.data;
  const account = data?.enabled
    ? data.accounts.find((a) => a.instance_uuid === instance)
    : undefined;
  if (data === undefined || account === undefined) return null;
  return (
    <span className="flex min-w-0 items-center gap-1.5">
      <span className="shrink-0 text-faint">SFTP</span>
      <CopyText text={`sftp://${account.username}@${sftpHost(core.address)}:${data.port}`} />
    </span>
  );
}
