import { useRef, useState } from 'react';
import type { DragEvent } from 'react';
import { notify } from '@/lib/toast.ts';
import { dragHasFiles, onlyFilesUploadText, readDrop } from './model/dropped-files.ts';

/**
 * Drop files on the list to upload them into the current folder. Without write permission the
 * drop is swallowed (so the browser does not open the file) and nothing is shown.
 */
export function useFileDrop(enabled: boolean, onFiles: (files: File[]) => void) {
  const [dragging, setDragging] = useState(false);
  const depth = useRef(0);

  const accepts = (event: DragEvent) => dragHasFiles([...event.dataTransfer.types]);
  const handlers = {
    onDragEnter: (event: DragEvent<HTMLElement>) => {
      if (!accepts(event)) return;
      event.preventDefault();
      depth.current += 1;
      if (enabled) setDragging(true);
    },
    onDragOver: (event: DragEvent<HTMLElement>) => {
      if (!accepts(event)) return;
      event.preventDefault();
      event.dataTransfer.dropEffect = enabled ? 'copy' : 'none';
    },
    onDragLeave: (event: DragEvent<HTMLElement>) => {
      if (!accepts(event)) return;
      depth.current = Math.max(0, depth.current - 1);
      if (depth.current === 0) setDragging(false);
    },
    onDrop: (event: DragEvent<HTMLElement>) => {
      if (!accepts(event)) return;
      event.preventDefault();
      depth.current = 0;
      setDragging(false);
      if (!enabled) return;
      const { files, rejected } = readDrop(event.dataTransfer.items);
      if (rejected > 0) notify('error', onlyFilesUploadText());
      if (files.length > 0) onFiles(files);
    },
  };
  return { dragging, handlers };
}
