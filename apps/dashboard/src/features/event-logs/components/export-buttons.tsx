import { Download } from 'lucide-react';
import type { LogFilter } from '@hearth/protocol';
import { Trans, useLingui } from '@lingui/react/macro';
import { Button } from '@/components/ui/button.tsx';
import { toUserMessage } from '@/lib/errors.ts';
import type { CoreConnection } from '@/lib/session.ts';
import { notify } from '@/lib/toast.ts';
import { useExportEventLog, type ExportFormat } from '../api/export-event-log.ts';

/** "Export JSON lines" / "Export CSV": the filtered view, as the core streams it. */
export function ExportButtons({ core, filter }: { core: CoreConnection; filter: LogFilter }) {
  const { t } = useLingui();
  const exporting = useExportEventLog();
  const run = (format: ExportFormat) =>
    exporting.mutate(
      { core, filter, format },
      {
        // A download starts without a sign on many browsers: say where the file went.
        onSuccess: (fileName) => notify('success', t`Event log saved as ${fileName}`),
        onError: (err) => {
          const reason = toUserMessage(err);
          notify('error', t`Export failed: ${reason}`);
        },
      },
    );
  const busy = exporting.isPending ? exporting.variables.format : null;
  return (
    <>
      <Button
        size="sm"
        onClick={() => run('jsonl')}
        loading={busy === 'jsonl'}
        disabled={busy !== null}
      >
        {busy === 'jsonl' ? null : <Download aria-hidden className="size-3.5" />}
        <Trans>Export JSON lines</Trans>
      </Button>
      <Button
        size="sm"
        onClick={() => run('csv')}
        loading={busy === 'csv'}
        disabled={busy !== null}
      >
        {busy === 'csv' ? null : <Download aria-hidden className="size-3.5" />}
        <Trans>Export CSV</Trans>
      </Button>
    </>
  );
}
