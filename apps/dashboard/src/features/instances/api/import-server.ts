import { z } from 'zod/mini';
import { useMutation } from '@tanstack/react-query';
import { StagedImportSchema } from '@hearth/protocol';
import type { ImportCreateInput, StagedImport } from '@hearth/protocol';
import { apiCall } from '@/lib/api-client.ts';

// Importing an existing server (Hearth, issue 27): stage it (an archive, or the owner's host
// folder), read what the core detected, then create the instance from what the user confirmed.

/** POST /import/upload: one archive, multipart; no time-out (dashboard.md §9: uploads have none). */
export function stageImportUpload(file: File, signal?: AbortSignal): Promise<StagedImport> {
  const form = new FormData();
  form.append('file', file, file.name);
  return apiCall(
    'importUpload',
    {},
    { rawBody: form, schema: StagedImportSchema, timeoutMs: null, signal },
  );
}

/** POST /import/folder: the owner, safe mode off; the core copies the folder. */
export function stageImportFolder(path: string): Promise<StagedImport> {
  return apiCall(
    'importFolder',
    {},
    { body: { path }, schema: StagedImportSchema, timeoutMs: null },
  );
}

/** POST /import/:id/create: answers the new instance's uuid; setting up goes on in the background. */
export function createFromImport(id: string, body: ImportCreateInput): Promise<string> {
  return apiCall('importCreate', { import: id }, { body, schema: z.string(), timeoutMs: 30_000 });
}

/** DELETE /import/:id: the staged folder goes (it would after an hour anyway). */
export async function discardImport(id: string): Promise<void> {
  await apiCall('importDiscard', { import: id });
}

export function useStageImportMutation() {
  return useMutation({
    mutationFn: (source: { file: File } | { path: string }) =>
      'file' in source ? stageImportUpload(source.file) : stageImportFolder(source.path),
  });
}

export function useCreateFromImportMutation() {
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: ImportCreateInput }) =>
      createFromImport(id, body),
  });
}
