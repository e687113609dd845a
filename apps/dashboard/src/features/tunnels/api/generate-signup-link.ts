import { useMutation } from '@tanstack/react-query';
import { PlayitSignupDataSchema } from '@hearth/protocol';
import type { PlayitSignupData } from '@hearth/protocol';
import { apiCall } from '@/lib/api-client.ts';
import type { CoreConnection } from '@/lib/session.ts';

/**
 * GET /playitgg/generate_signup_link (owner only). A mutation although it is a GET: every call
 * makes a new claim code and restarts the core's claim poll.
 */
export async function generateSignupLink(core: CoreConnection): Promise<PlayitSignupData> {
  return apiCall('playitSignupLink', {}, { core, schema: PlayitSignupDataSchema });
}

export function useGenerateSignupLinkMutation() {
  return useMutation({ mutationFn: (core: CoreConnection) => generateSignupLink(core) });
}
