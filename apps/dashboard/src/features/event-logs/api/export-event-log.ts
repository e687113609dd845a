import { useMutation } from '@tanstack/react-query';
import { activityExportQuery } from '@hearth/protocol';
import type { LogFilter } from '@hearth/protocol';
import { apiCall } from '@/lib/api-client.ts';
import type { CoreConnection } from '@/lib/session.ts';

export type ExportFormat = 'jsonl' | 'csv';

const TYPES: Record<ExportFormat, string> = {
  jsonl: 'application/x-ndjson',
  csv: 'text/csv',
};

/** GET /activity/export: everything the filter matches (no time-out: a big history takes a while). */
export function exportEventLog(
  core: CoreConnection,
  filter: LogFilter,
  format: ExportFormat,
): Promise<string> {
  return apiCall(
    'activityExport',
    {},
    {
      query: activityExportQuery(filter, format),
      core,
      responseType: 'text',
      timeoutMs: null,
    },
  );
}

/** Saves `text` as a file through a temporary link. */
export function saveAs(text: string, fileName: string, type: string): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

export function useExportEventLog() {
  return useMutation({
    mutationFn: async (input: {
      core: CoreConnection;
      filter: LogFilter;
      format: ExportFormat;
    }): Promise<string> => {
      const text = await exportEventLog(input.core, input.filter, input.format);
      const stamp = new Date().toISOString().slice(0, 19).replaceAll(':', '-');
      const fileName = `hearth-event-log-${stamp}.${input.format}`;
      saveAs(text, fileName, TYPES[input.format]);
      return fileName;
    },
  });
}
