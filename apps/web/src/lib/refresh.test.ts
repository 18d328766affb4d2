import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DOMAINS_QUERY_KEY } from './api/get-domains';
import { EVENTS_QUERY_ROOT, refreshDataModel, registerParallelLoader } from './refresh';
import { endSession, startSession } from './session';

const calls: string[] = [];

function stubServer() {
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string) => {
      calls.push(url);
      const body = url.includes('entitlements') ? { ok: true, entitlementsByDomain: { d1: { video: [] } } } : { domains: [] };
      return Promise.resolve(new Response(JSON.stringify(body), { status: 200 }));
    }),
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
  calls.length = 0;
  endSession();
});

describe('refreshDataModel', () => {
  it('loads domains when none are loaded, then permissions, clears events, then runs the registered loaders', async () => {
    startSession({ authToken: 't', email: 'a@b.example', staff: false });
    stubServer();
    const queryClient = new QueryClient();
    queryClient.setQueryData([...EVENTS_QUERY_ROOT, 'd1'], ['old event']);
    let eventsAtLoad: unknown = 'not run';
    const unregister = registerParallelLoader({
      name: 'Test loader',
      load: async ({ domainId }) => {
        calls.push(`loader:${domainId}`);
        eventsAtLoad = queryClient.getQueryData([...EVENTS_QUERY_ROOT, 'd1']);
      },
    });
    try {
      const result = await refreshDataModel(queryClient, 'd1');
      expect(result.failures).toEqual([]);
    } finally {
      unregister();
    }
    expect(calls).toEqual(['/api/v4/domains', '/api/v1/users/me/entitlements', 'loader:d1']);
    expect(eventsAtLoad).toBeUndefined();
  });

  it('skips the domain list when it is already loaded, and stops when permissions fail', async () => {
    startSession({ authToken: 't', email: 'a@b.example', staff: false });
    vi.stubGlobal(
      'fetch',
      vi.fn((url: string) => {
        calls.push(url);
        return Promise.resolve(new Response(JSON.stringify({ ok: false, statusCode: 403, error: 'No.' }), { status: 403 }));
      }),
    );
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    queryClient.setQueryData(DOMAINS_QUERY_KEY, []);
    const loader = vi.fn(() => Promise.resolve());
    const unregister = registerParallelLoader({ name: 'Never', load: loader });
    try {
      const result = await refreshDataModel(queryClient, 'd1');
      expect(result.failures.map((f) => f.step)).toEqual(['Permissions']);
    } finally {
      unregister();
    }
    expect(calls).toEqual(['/api/v1/users/me/entitlements']);
    expect(loader).not.toHaveBeenCalled();
  });
});
