import { File, FileCog, Folder } from 'lucide-react';
import type { ClientFile } from '@hearth/protocol';
import { cn } from '@/lib/cn.ts';
import { fileIconKind } from '../model/file-kind.ts';

/** Folder, instance config file, or generic file (dashboard.md §2 Files). */
export function FileIcon({ file, className }: { file: ClientFile; className?: string }) {
  const kind = fileIconKind(file);
  const Icon = kind === 'folder' ? Folder : kind === 'config' ? FileCog : File;
  return (
    <Icon
      aria-hidden
      data-icon={kind}
      className={cn(
        'size-4 shrink-0',
        kind === 'folder' ? 'text-accent' : kind === 'config' ? 'text-success' : 'text-muted',
        className,
      )}
    />
  );
}
