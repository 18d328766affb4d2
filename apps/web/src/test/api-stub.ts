import { vi } from 'vitest';

/** A call the page made, as the server would read it. */
export interface ApiCall {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
}

/** A reply other than 200 with JSON. */
export class Reply {
  constructor(
    readonly status: number,
    readonly body: unknown,
  ) {}
}

/** What a route answers: a JSON body (200), a Reply, or a promise of either (one that never settles keeps the call pending). */
export type Route = (call: ApiCall) => unknown;

/**
 * Stands in for the server: `fetch` answers from `routes`, keyed 'METHOD /path' (no query), and every call is kept in
 * `calls`. A call without a route answers 404, so a page that asks for something unexpected shows it.
 */
export function stubApi(routes: Record<string, Route>) {
  const calls: ApiCall[] = [];
  const fetchStub = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://vigil.test');
    const method = init?.method ?? 'GET';
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
    const call: ApiCall = { method, path: url.pathname, query: url.searchParams, body };
    calls.push(call);
    const route = routes[`${method} ${url.pathname}`];
    const answer = route ? await route(call) : new Reply(404, { ok: false, error: `No stub for ${method} ${url.pathname}` });
    const reply = answer instanceof Reply ? answer : new Reply(200, answer);
    return new Response(reply.body === undefined ? '' : JSON.stringify(reply.body), {
      status: reply.status,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchStub);
  return {
    calls,
    /** The calls to one route, in order. */
    callsTo: (key: string) => calls.filter((call) => `${call.method} ${call.path}` === key),
  };
}

/** A reply that never comes: the page stays in its loading state. */
export const never = (): Promise<never> => new Promise(() => undefined);
