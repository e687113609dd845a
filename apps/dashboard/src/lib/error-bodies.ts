// Loaded with the first failure the client reads (api-client.ts `httpError`): the envelope's
// schema, and zod with it, are not part of the first load.
export { parseErrorBody } from '@hearth/protocol';
