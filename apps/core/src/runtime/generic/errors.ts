/** Every failure of a generic definition, with a one-line message fit for the API (no stack). */
export class GenericDefinitionError extends Error {
  constructor(
    readonly url: string,
    /** `fetch`: could not get the source; `invalid`: the definition is broken; `failed`: a call failed. */
    readonly reason: 'fetch' | 'invalid' | 'failed',
    detail: string,
  ) {
    super(
      reason === 'fetch'
        ? `Could not fetch the generic definition at ${url}: ${detail}`
        : reason === 'invalid'
          ? `Generic definition at ${url} is invalid: ${detail}`
          : `Generic definition at ${url} failed: ${detail}`,
    );
    this.name = 'GenericDefinitionError';
  }
}
