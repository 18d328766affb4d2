import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadingCountersStore } from '../loading-counters';
import { endSession, startSession } from '../session';
import { ENTITLEMENTS_QUERY_KEY } from './get-entitlements';
import { facesLoader, facesQueryKey, lastSeenLoader } from './get-faces';

const DOMAIN = '5f0c8a2e-6b1d-4c3e-9a47-0d2b7e1f3a01';
/** The loaders only count the people; one with an id is enough. */
const PERSON = { frontend_face_uuid: 'f0ce0000-0000-4000-8000-000000000001', person_name: 'Margaret Hill' };

function clientWith(operations: Record<string, string[]>) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  queryClient.setQueryData(ENTITLEMENTS_QUERY_KEY, { [DOMAIN]: operations });
  return queryClient;
}

function stubFaces(faces: unknown[]) {
  const fetch = vi.fn(() => Promise.resolve(new Response(JSON.stringify({ ok: true, faces }), { status: 200 })));
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  endSession();
});

describe('the Faces and Last Seen loaders of the data refresh (part 1 §4)', () => {
  it('share one request for the list when both run, and fill the list query', async () => {
    startSession({ authToken: 't', email: 'a@b.example', staff: false });
    const fetch = stubFaces([PERSON]);
    const queryClient = clientWith({ faces: ['find_resident'] });
    await Promise.all([facesLoader, lastSeenLoader].map((l) => l.load({ domainId: DOMAIN, queryClient })));
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(String((fetch.mock.calls[0] as unknown[])[0])).toBe(`/api/v6/faces?domain_uuid=${DOMAIN}`);
    expect(queryClient.getQueryData(facesQueryKey(DOMAIN))).toHaveLength(1);
  });

  it("says 'No faces.' (console.info, not an error) when the building has nobody", async () => {
    startSession({ authToken: 't', email: 'a@b.example', staff: false });
    stubFaces([]);
    const info = vi.spyOn(console, 'info').mockImplementation(() => undefined);
    await facesLoader.load({ domainId: DOMAIN, queryClient: clientWith({ alerting: ['receive_er_alerts'] }) });
    expect(info).toHaveBeenCalledWith('No faces.');
  });

  it('counts the first load as Faces and a refetch of a shown list as Last Seen (left out of the refreshing banner)', async () => {
    startSession({ authToken: 't', email: 'a@b.example', staff: false });
    const seen: string[] = [];
    const unsubscribe = loadingCountersStore.subscribe(() => {
      const counters = loadingCountersStore.get();
      for (const label of ['Faces', 'Last Seen'] as const) if (counters[label] > 0 && !seen.includes(label)) seen.push(label);
    });
    stubFaces([PERSON]);
    const queryClient = clientWith({ faces: ['find_all'] });
    await facesLoader.load({ domainId: DOMAIN, queryClient });
    expect(seen).toEqual(['Faces']);
    await lastSeenLoader.load({ domainId: DOMAIN, queryClient });
    expect(seen).toEqual(['Faces', 'Last Seen']);
    unsubscribe();
  });

  it('bails with a warning without a token, and skips a building whose registry the user may not read', async () => {
    const fetch = stubFaces([]);
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    await facesLoader.load({ domainId: DOMAIN, queryClient: clientWith({ faces: ['find_all'] }) });
    expect(warn).toHaveBeenCalledWith("Can't refresh without auth token. Bailing instead.");
    startSession({ authToken: 't', email: 'a@b.example', staff: false });
    await lastSeenLoader.load({ domainId: DOMAIN, queryClient: clientWith({ video: ['view_live'] }) });
    expect(fetch).not.toHaveBeenCalled();
  });
});
