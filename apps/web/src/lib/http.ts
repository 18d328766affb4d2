import { currentApiHost } from './api-host';
import { BUILD_INFO } from './build-info';
import { reportClientError } from './client-errors';
import { beginRequest, type LoadingLabel } from './loading-counters';
import { getAuthToken } from './session';

/** A refused or failed call; `message` is what a person can read (the server's `error`/`err` text when it sent one). */
export class HttpError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly body: unknown,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface RequestOptions {
  /** Which loading-banner counter this call moves; null for calls the banner does not list. */
  service: LoadingLabel | null;
  body?: unknown;
  query?: Record<string, string | number | boolean | undefined>;
  /** false only for the public calls (config, sign-in). */
  auth?: boolean;
  /** Status codes whose JSON body is a normal reply, e.g. 401 {ok:false, err} from sign-in. */
  acceptStatus?: readonly number[];
  signal?: AbortSignal;
  /** true only for the client config: it names the development API (dev endpoint flag), so it comes from the app's own. */
  ownApi?: boolean;
  /**
   * 'blob' for a file download (e.g. CSV): a successful reply is returned as a Blob; 'file' returns a FileReply (the
   * Blob and the reply's headers, for its Content-Disposition). A refusal is still read as JSON.
   */
  as?: 'json' | 'blob' | 'file';
}

/** A downloaded file as `as: 'file'` returns it. */
export interface FileReply {
  blob: Blob;
  headers: Headers;
}

type UnauthorizedHandler = () => void;
let unauthorizedHandler: UnauthorizedHandler | null = null;

/** What to do when an authenticated call comes back 401: the session is gone. */
export function setUnauthorizedHandler(handler: UnauthorizedHandler | null): void {
  unauthorizedHandler = handler;
}

/** The URL of an API call: on the API host of the moment (see api-host.ts), or the build's own with `host`. */
export function apiUrl(path: string, query?: RequestOptions['query'], host: string = currentApiHost()): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined) search.set(key, String(value));
  }
  const qs = search.toString();
  return `${host}${path}${qs ? `?${qs}` : ''}`;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function errorText(body: unknown, status: number): string {
  if (isPlainObject(body)) {
    for (const key of ['error', 'err', 'message'] as const) {
      const text = body[key];
      if (typeof text === 'string' && text.trim() !== '') return text;
    }
  }
  return `The server answered with status ${status}.`;
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** Every call to the API goes through here: bearer token, token in write bodies (spec §7), loading counters, 401 handling. */
export async function apiRequest<T>(method: HttpMethod, path: string, options: RequestOptions): Promise<T> {
  const auth = options.auth ?? true;
  const token = auth ? getAuthToken() : null;
  if (auth && !token) throw new HttpError('You are not signed in.', 401, undefined);

  const download = options.as === 'blob' || options.as === 'file';
  const headers: Record<string, string> = { Accept: download ? '*/*' : 'application/json' };
  if (token) headers.Authorization = `Bearer ${token}`;
  let body = options.body;
  if (token && (method === 'POST' || method === 'PUT' || method === 'PATCH') && isPlainObject(body)) body = { ...body, token };
  if (body !== undefined) headers['Content-Type'] = 'application/json';

  const done = options.service ? beginRequest(options.service) : () => undefined;
  let response: Response;
  try {
    response = await fetch(apiUrl(path, options.query, options.ownApi ? BUILD_INFO.apiHost : currentApiHost()), {
      method,
      headers,
      body: body === undefined ? null : JSON.stringify(body),
      signal: options.signal ?? null,
    });
  } catch (error) {
    done();
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    // Spec part 1 §7: network failures are reported, then rejected.
    reportClientError('network', `${method} ${path}: could not reach the server`, error);
    throw new HttpError('Could not reach the server. Check your network connection.', 0, undefined);
  }

  let payload: unknown;
  try {
    if (!download || !response.ok) payload = await readJson(response);
    else if (options.as === 'blob') payload = await response.blob();
    else payload = { blob: await response.blob(), headers: response.headers } satisfies FileReply;
  } catch {
    throw new HttpError('The connection broke while reading the reply from the server.', response.status, undefined);
  } finally {
    done();
  }

  if (!response.ok && !options.acceptStatus?.includes(response.status)) {
    // Only the session that made the call is ended; a newer sign-in is left alone.
    if (response.status === 401 && token && token === getAuthToken()) unauthorizedHandler?.();
    throw new HttpError(errorText(payload, response.status), response.status, payload);
  }
  return payload as T;
}

export function errorMessage(error: unknown): string {
  if (error instanceof Error) return error.message;
  return String(error);
}
