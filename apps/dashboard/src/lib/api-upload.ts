import { apiRoutes, routePath } from '@hearth/protocol';
import type { ApiRouteName, ApiRoutePath, RouteParams } from '@hearth/protocol';
import {
  ApiError,
  apiUrl,
  buildHeaders,
  httpError,
  noCoreSelected,
  parseText,
} from './api-client.ts';
import type { Parser } from './api-client.ts';
import { getSession } from './session.ts';
import type { CoreConnection } from './session.ts';

// Uploads, apart from api-client.ts: only the Files tab sends them, and the client is in every
// screen's first load.

export interface UploadOptions<T> {
  schema?: Parser<T>;
  /** Bytes of the body sent so far, and the total when the browser knows it. */
  onProgress?: (sent: number, total: number | null) => void;
  /** Aborting cancels the upload; the promise rejects with an `AbortError` DOMException. */
  signal?: AbortSignal;
  core?: CoreConnection;
}

/**
 * A multipart upload through the same rules as apiRequest (current core, bearer token, ApiError),
 * but over XMLHttpRequest, the one browser API that reports upload progress, and with no time-out
 * (dashboard.md §9: "Upload has no time-out").
 */
export function apiUpload<N extends ApiRouteName, T = unknown>(
  name: N,
  params: RouteParams<ApiRoutePath<N>>,
  form: FormData,
  options: UploadOptions<T> = {},
): Promise<T> {
  const core = options.core ?? getSession().current;
  if (!core) return Promise.reject(noCoreSelected());
  const path = routePath(name, params);
  const url = apiUrl(path, core);
  const headers = buildHeaders({ rawBody: form }, core);
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    const onAbort = () => xhr.abort();
    const settle = () => options.signal?.removeEventListener('abort', onAbort);
    xhr.open(apiRoutes[name].method, url);
    headers.forEach((value, name) => xhr.setRequestHeader(name, value));
    xhr.upload.onprogress = (ev) =>
      options.onProgress?.(ev.loaded, ev.lengthComputable ? ev.total : null);
    xhr.onload = () => {
      settle();
      if (xhr.status < 200 || xhr.status >= 300) {
        void httpError(xhr.status, xhr.statusText, parseText(xhr.responseText)).then(reject);
        return;
      }
      const data = parseText(xhr.responseText);
      try {
        resolve(options.schema ? options.schema.parse(data) : (data as T));
      } catch (err) {
        console.error(`Unexpected response shape from ${path}`, err);
        reject(new ApiError({ type: 'unknown' }, `Unexpected response from ${path}`));
      }
    };
    xhr.onerror = () => {
      settle();
      reject(new ApiError({ type: 'network', code: 'ERR_NETWORK' }));
    };
    xhr.onabort = () => {
      settle();
      reject(new DOMException('The upload was cancelled', 'AbortError'));
    };
    if (options.signal?.aborted) {
      reject(new DOMException('The upload was cancelled', 'AbortError'));
      return;
    }
    options.signal?.addEventListener('abort', onAbort);
    xhr.send(form);
  });
}
