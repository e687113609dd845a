import { X } from 'lucide-react';
import { useLingui } from '@lingui/react/macro';
import { formatSize } from '@/lib/i18n/format.ts';
import { ProgressBar } from '@/components/ui/progress-bar.tsx';
import type { UploadItem } from '../use-uploads.ts';

/** Uploads in flight with their progress and a cancel button each (beyond the reference). */
export function UploadsPanel({
  uploads,
  onCancel,
}: {
  uploads: readonly UploadItem[];
  onCancel: (id: number) => void;
}) {
  const { t } = useLingui();
  if (uploads.length === 0) return null;
  return (
    <section
      aria-label={t`Uploads`}
      className="max-h-48 shrink-0 overflow-y-auto border-t border-line bg-panel px-2 py-1.5"
    >
      <ul className="flex flex-col gap-1.5">
        {uploads.map((upload) => {
          const name = upload.name;
          const sent = formatSize(upload.sent);
          const total = formatSize(upload.total);
          const percent =
            upload.total > 0 ? Math.min(100, Math.round((upload.sent / upload.total) * 100)) : null;
          return (
            <li key={upload.id} className="flex items-center gap-2">
              <div className="flex min-w-0 flex-1 flex-col gap-1">
                <div className="flex items-baseline justify-between gap-2 text-[12px]">
                  <span className="truncate text-fg" title={upload.name}>
                    {upload.name}
                  </span>
                  <span className="shrink-0 text-faint">
                    {sent} / {total}
                  </span>
                </div>
                <ProgressBar percent={percent} label={t`Uploading ${name}`} />
              </div>
              <button
                type="button"
                aria-label={t`Cancel upload of ${name}`}
                title={t`Cancel upload`}
                onClick={() => onCancel(upload.id)}
                className="flex size-6 shrink-0 items-center justify-center rounded text-muted hover:bg-hover hover:text-fg"
              >
                <X aria-hidden className="size-3.5" />
              </button>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
