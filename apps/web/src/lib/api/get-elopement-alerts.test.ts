import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { endSession, startSession } from '../session';
import { ENTITLEMENTS_QUERY_KEY } from './get-entitlements';
import { getAllElopementAlerts, latestElopementAlertsLoader, latestElopementAlertsQuery } from './get-elopement-alerts';
import { latestEventsLoader } from './get-events';

const MAPLE = '5f0c8a2e-6b1d-4c3e-9a47-0d2b7e1f3a01';

afterEach(() => {
  vi.unstubAllGlobals();
  endSession();
});

function stubAlerts(total: number) {
  const urls: URL[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string) => {
      const parsed = new URL(url, 'http://localhost');
      urls.push(parsed);
      const offset = Number(parsed.searchParams.get('offset'));
      const limit = Number(parsed.searchParams.get('limit'));
      const alerts = Array.from({ length: Math.max(0, Math.min(limit, total - offset)) }, (_, i) => ({ n: offset + i }));
      return Promise.resolve(new Response(JSON.stringify({ ok: true, alerts }), { status: 200 }));
    }),
  );
  return urls;
}

describe('latestElopementAlertsQuery', () => {
  it('asks for 24 hours back, ascending, without dismissed alerts (spec part 1 §7)', () => {
    const now = Date.parse('2026-03-04T10:00:00Z');
    expect(latestElopementAlertsQuery(MAPLE, now)).toEqual({
      domainUUID: MAPLE,
      since: '2026-03-03T10:00:00Z',
      offset: 0,
      limit: 100,
      sort: 'ascending',
      include_dismissed: false,
    });
  });
});

describe('getAllElopementAlerts', () => {
  it('follows offsets while pages come back full, so the newest alerts (last, ascending) are not cut off', async () => {
    startSession({ authToken: 't', email: 'a@b.example', staff: false });
    const urls = stubAlerts(230);
    const reply = await getAllElopementAlerts(latestElopementAlertsQuery(MAPLE, Date.now()));
    expect(reply.alerts).toHaveLength(230);
    expect(urls.map((u) => u.searchParams.get('offset'))).toEqual(['0', '100', '200']);
    expect(urls[0]?.pathname).toBe('/api/v1/faces/alerts');
  });

  it('asks once when the first page is not full', async () => {
    startSession({ authToken: 't', email: 'a@b.example', staff: false });
    const urls = stubAlerts(3);
    expect((await getAllElopementAlerts(latestElopementAlertsQuery(MAPLE, Date.now()))).alerts).toHaveLength(3);
    expect(urls).toHaveLength(1);
  });
});

describe('parallel loaders of the data refresh', () => {
  it('skip what the entitlements would have the server refuse', async () => {
    startSession({ authToken: 't', email: 'a@b.example', staff: false });
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    const queryClient = new QueryClient();
    queryClient.setQueryData(ENTITLEMENTS_QUERY_KEY, { [MAPLE]: { video: ['view_historic'] } });
    await latestEventsLoader.load({ domainId: MAPLE, queryClient });
    await latestElopementAlertsLoader.load({ domainId: MAPLE, queryClient });
    expect(fetch).not.toHaveBeenCalled();
  });

  it('load the latest 150 events and the elopement alerts when allowed', async () => {
    startSession({ authToken: 't', email: 'a@b.example', staff: false });
    const urls: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn((url: string) => {
        urls.push(url);
        const body = url.includes('/faces/') ? { ok: true, alerts: [] } : { ok: true, data: [], paginationToken: null };
        return Promise.resolve(new Response(JSON.stringify(body), { status: 200 }));
      }),
    );
    const queryClient = new QueryClient();
    queryClient.setQueryData(ENTITLEMENTS_QUERY_KEY, { [MAPLE]: { alerting: ['view_historic', 'receive_er_alerts'] } });
    await Promise.all([
      latestEventsLoader.load({ domainId: MAPLE, queryClient }),
      latestElopementAlertsLoader.load({ domainId: MAPLE, queryClient }),
    ]);
    expect(urls.sort()).toEqual([
      `/api/events/v1/alerts?domain_uuid=${MAPLE}&limit=150`,
      expect.stringMatching(new RegExp(`^/api/v1/faces/alerts\\?domainUUID=${MAPLE}&since=`)),
    ]);
  });
});
