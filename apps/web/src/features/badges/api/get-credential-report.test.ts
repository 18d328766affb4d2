import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ENTITLEMENTS_QUERY_KEY } from '../../../lib/api/get-entitlements';
import { loadingCountersStore } from '../../../lib/loading-counters';
import { endSession, startSession } from '../../../lib/session';
import { credentialReportLoader, credentialReportQueryOptions } from './get-credential-report';

const DOMAIN = '5f0c8a2e-6b1d-4c3e-9a47-0d2b7e1f3a01';
const REPORT = { ok: true, report: { id: null, metadata: { rows: 3 }, headers: [], values: [] } };

function clientWith(operations: Record<string, string[]>) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  queryClient.setQueryData(ENTITLEMENTS_QUERY_KEY, { [DOMAIN]: operations });
  return queryClient;
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  endSession();
});

describe("the data refresh's Credential loader (part 1 §4)", () => {
  it("loads the building's credential mismatch report, counted as 'Credential'", async () => {
    startSession({ authToken: 't', email: 'a@b.example', staff: false });
    const counted: number[] = [];
    const fetch = vi.fn(() => {
      counted.push(loadingCountersStore.get().Credential);
      return Promise.resolve(new Response(JSON.stringify(REPORT), { status: 200 }));
    });
    vi.stubGlobal('fetch', fetch);
    const queryClient = clientWith({ keycard: ['view_all'] });
    expect(credentialReportLoader.name).toBe('Credential');
    await credentialReportLoader.load({ domainId: DOMAIN, queryClient });
    expect(String((fetch.mock.calls[0] as unknown[])[0])).toBe(`/api/faces/v1/credentials/report?domain_uuid=${DOMAIN}`);
    expect(counted).toEqual([1]);
    expect(loadingCountersStore.get().Credential).toBe(0);
    expect(queryClient.getQueryData(credentialReportQueryOptions(DOMAIN).queryKey)).toEqual(REPORT);
  });

  it('asks nothing without keycard/view_all', async () => {
    startSession({ authToken: 't', email: 'a@b.example', staff: false });
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    await credentialReportLoader.load({ domainId: DOMAIN, queryClient: clientWith({ keycard: ['edit'], faces: ['view_all'] }) });
    expect(fetch).not.toHaveBeenCalled();
  });
});
