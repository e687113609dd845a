import { useMutation } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { InstanceUuidSchema } from '@hearth/protocol';
import type { HandlerGameType, SetupValueInput } from '@hearth/protocol';
import { apiCall } from '@/lib/api-client.ts';

const UuidSchema = InstanceUuidSchema;
/** The core checks the setup (and the version list) before it answers with the new uuid. */
const CREATE_TIMEOUT_MS = 60_000;

/** POST /instance/create/{game}: answers the uuid; the install then reports as a progression. */
export function createInstance(game: HandlerGameType, setup: SetupValueInput): Promise<string> {
  return apiCall(
    'instanceCreate',
    { game },
    { body: setup, schema: UuidSchema, timeoutMs: CREATE_TIMEOUT_MS },
  );
}

/**
 * POST /instance/create_generic with {url, setup_value}. Hearth answers the new uuid; a Lodestone
 * core answers `null` (core-api.md §1.4.7) and the instance is known only from its creation events.
 */
export function createGenericInstance(url: string, setup: SetupValueInput): Promise<string | null> {
  return apiCall(
    'instanceCreateGeneric',
    {},
    {
      body: { url, setup_value: setup },
      schema: z.nullable(UuidSchema),
      timeoutMs: CREATE_TIMEOUT_MS,
    },
  );
}

export type CreateRequest =
  | { kind: 'game'; game: HandlerGameType; setup: SetupValueInput }
  | { kind: 'generic'; url: string; setup: SetupValueInput };

export function useCreateInstanceMutation() {
  return useMutation({
    mutationFn: (request: CreateRequest) =>
      request.kind === 'game'
        ? createInstance(request.game, request.setup)
        : createGenericInstance(request.url, request.setup),
  });
}
