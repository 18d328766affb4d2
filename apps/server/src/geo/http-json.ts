/** A call to another service failed (network, time-out, not JSON): the message names the service, never a key or URL. */
export class ExternalServiceError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ExternalServiceError';
  }
}

export interface JsonRequest {
  /** the service's name for error messages ('Photon', 'USPS') */
  service: string;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: unknown;
  timeoutMs: number;
}

/** fetch with a time-out; the reply's status and JSON body (null when it had none). Throws only when there is no usable reply. */
export async function fetchJson(url: URL, request: JsonRequest): Promise<{ status: number; body: unknown }> {
  let response: Response;
  try {
    response = await fetch(url, {
      method: request.method ?? 'GET',
      headers: {
        accept: 'application/json',
        ...(request.body !== undefined && { 'content-type': 'application/json' }),
        ...request.headers,
      },
      ...(request.body !== undefined && { body: JSON.stringify(request.body) }),
      signal: AbortSignal.timeout(request.timeoutMs),
      redirect: 'error',
    });
  } catch (error) {
    const name = (error as Error).name;
    if (name === 'TimeoutError' || name === 'AbortError')
      throw new ExternalServiceError(`${request.service} did not answer within ${request.timeoutMs} ms`);
    const code = ((error as { cause?: { code?: string } }).cause?.code ?? 'network error').toString();
    throw new ExternalServiceError(`${request.service} could not be reached (${code})`);
  }
  let text: string;
  try {
    text = await response.text();
  } catch {
    throw new ExternalServiceError(`${request.service} broke off its reply (HTTP ${response.status})`);
  }
  if (text.trim() === '') return { status: response.status, body: null };
  try {
    return { status: response.status, body: JSON.parse(text) as unknown };
  } catch {
    throw new ExternalServiceError(`${request.service} answered HTTP ${response.status} with something other than JSON`);
  }
}
