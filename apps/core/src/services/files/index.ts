export {
  FileSandbox,
  clientBaseName,
  clientDirName,
  isWithin,
  normalizeClientPath,
  parseRelativePath,
  type DirHandle,
  type ResolveOptions,
} from '../../lib/file-sandbox.ts';
export {
  DEFAULT_MAX_EXTRACT_BYTES,
  DEFAULT_MAX_EXTRACT_ENTRIES,
  EDITOR_MAX_BYTES,
  FileService,
  type DownloadFile,
  type FileServiceOptions,
  type UploadOptions,
  type WriteOptions,
} from './file-service.ts';
export {
  MAX_FILE_NAME_BYTES,
  conflictName,
  instanceFolderName,
  sanitizeFileName,
  splitFileName,
} from './file-name.ts';
export { isProtectedPath } from './protected-path.ts';
export type { FileProgress, ProgressCallback } from './progress.ts';
export type { WriteSource } from './atomic-ops.ts';
