import { useCallback, useEffect, useRef, useState } from 'react';
import { t } from '@lingui/core/macro';
import { toRequestFailure, toUserMessage } from '@/lib/errors.ts';
import { notify } from '@/lib/toast.ts';
import { uploadFile } from './api/upload-file.ts';

export interface UploadItem {
  id: number;
  name: string;
  dir: string;
  sent: number;
  /** Bytes of the request; the file size until the browser knows better. */
  total: number;
}

function isAbort(err: unknown): boolean {
  return err instanceof DOMException && err.name === 'AbortError';
}

let nextId = 1;

/**
 * Uploads with progress and cancel (beyond the reference): one request per file, no time-out.
 * `onSettled` runs after each upload that reached the core, to refresh the list.
 */
export function useUploads(instanceUuid: string, onSettled: () => void) {
  const [uploads, setUploads] = useState<UploadItem[]>([]);
  const controllers = useRef(new Map<number, AbortController>());
  /** Failures and cancels this tab already told the user about (see takeReportedFailure). */
  const reported = useRef(0);
  const settled = useRef(onSettled);
  useEffect(() => {
    settled.current = onSettled;
  });
  // Leaving the tab does not cancel uploads: they finish in the background.

  const patch = useCallback((id: number, change: Partial<UploadItem> | null) => {
    setUploads((list) =>
      change === null
        ? list.filter((u) => u.id !== id)
        : list.map((u) => (u.id === id ? { ...u, ...change } : u)),
    );
  }, []);

  const start = useCallback(
    (files: readonly File[], dir: string) => {
      for (const file of files) {
        const id = nextId++;
        const name = file.name;
        const controller = new AbortController();
        controllers.current.set(id, controller);
        setUploads((list) => [...list, { id, name: file.name, dir, sent: 0, total: file.size }]);
        const run = async () => {
          try {
            await uploadFile(instanceUuid, dir, file, {
              signal: controller.signal,
              onProgress: (sent, total) => patch(id, { sent, total: total ?? file.size }),
            });
            settled.current();
          } catch (err) {
            if (isAbort(err)) {
              reported.current += 1;
              notify('info', t`Upload of ${name} cancelled`);
            } else {
              // A core that refuses mid-body (a full disk) answers and closes the connection; a
              // browser may see only the closed connection. The core's own end of the upload
              // then says why, so it is not marked as already told.
              if (toRequestFailure(err).type !== 'network') reported.current += 1;
              const reason = toUserMessage(err);
              notify('error', t`Failed to upload ${name}: ${reason}`);
              settled.current();
            }
          } finally {
            controllers.current.delete(id);
            patch(id, null);
          }
        };
        void run();
      }
    },
    [instanceUuid, patch],
  );

  const cancel = useCallback((id: number) => controllers.current.get(id)?.abort(), []);

  /**
   * The core also ends a failed upload with an FSOperationCompleted event; when this tab has
   * already reported a failure (or the user cancelled), that event need not be toasted again.
   */
  const takeReportedFailure = useCallback(() => {
    if (reported.current === 0) return false;
    reported.current -= 1;
    return true;
  }, []);

  return { uploads, start, cancel, takeReportedFailure };
}
