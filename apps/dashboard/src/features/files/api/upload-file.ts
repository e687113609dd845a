import { apiUpload } from '@/lib/api-upload.ts';

/** PUT /instance/:uuid/fs/:dir/upload — multipart field `file`, no time-out, progress and cancel. */
export async function uploadFile(
  instanceUuid: string,
  dir: string,
  file: File,
  options: { onProgress?: (sent: number, total: number | null) => void; signal?: AbortSignal } = {},
): Promise<void> {
  const form = new FormData();
  form.append('file', file, file.name);
  await apiUpload('fsUpload', { uuid: instanceUuid, path: dir }, form, options);
}
