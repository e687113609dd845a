/** One JSON request to a provider. */
export interface HttpJsonRequest {
  method: 'GET' | 'POST';
  url: string;
  headers: Record<string, string>;
  /** Serialized as JSON when present. */
  body?: unknown;
  timeoutMs: number;
}

export interface HttpJsonResponse {
  status: number;
  /** The parsed body; `undefined` when the body was empty or not JSON (the caller validates it). */
  json: unknown;
}

/**
 * How the playit client reaches the network. It rejects only when no HTTP answer arrived
 * (unreachable, time-out): an answer with any status resolves. The core may swap in its single
 * outbound HTTP helper as long as it keeps that contract.
 */
export type HttpJson = (request: HttpJsonRequest) => Promise<HttpJsonResponse>;

/** The default transport: global `fetch` with a time-out covering the headers and the body. */
export const fetchHttpJson: HttpJson = async (request) => {
  const signal = AbortSignal.timeout(request.timeoutMs);
  const headers: Record<string, string> = { accept: 'application/json', ...request.headers };
  let body: string | undefined;
  if (request.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(request.body);
  }
  const response = await fetch(request.url, { method: request.method, headers, body, signal });
  const text = await response.text();
  let json: unknown;
  try {
    json = text.length > 0 ? JSON.parse(text) : undefined;
  } catch {
    json = undefined;
  }
  return { status: response.status, json };
};

/** Why no answer arrived, in words: fetch hides the useful part ("connect ECONNREFUSED …") in `cause`. */
export function transportFailureText(err: unknown): string {
  if (err instanceof Error) {
    if (err.name === 'TimeoutError' || err.name === 'AbortError') return 'The request timed out';
    const cause = (err as { cause?: unknown }).cause;
    if (cause instanceof Error && cause.message) return cause.message;
    if (err.message) return err.message;
  }
  return 'Unknown network error';
}
