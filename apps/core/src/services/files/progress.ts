/** Progress of a long file operation, in bytes. `totalBytes` is null when it can't be known up front. */
export interface FileProgress {
  doneBytes: number;
  totalBytes: number | null;
}

export type ProgressCallback = (progress: FileProgress) => void;
