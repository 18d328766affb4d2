import { afterEach, describe, expect, it, vi } from 'vitest';
import { HttpError, apiRequest, setUnauthorizedHandler, type FileReply } from './http';
import { endSession, startSession } from './session';

function reply(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

afterEach(() => {
  vi.unstubAllGlobals();
  setUnauthorizedHandler(null);
  endSession();
});

describe('apiRequest', () => {
  it('sends the bearer token, and the token in write bodies too (spec §7)', async () => {
    startSession({ authToken: 'tok-1', email: 'a@b.example', staff: false });
    const fetchMock = vi.fn((_url: string, _init: RequestInit) => Promise.resolve(reply(200, { ok: true })));
    vi.stubGlobal('fetch', fetchMock);
    await apiRequest('POST', '/api/v4/domains', { service: 'Buildings & Cameras', body: {} });
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/api/v4/domains');
    expect((init.headers as Record<string, string>).Authorization).toBe('Bearer tok-1');
    expect(JSON.parse(init.body as string)).toEqual({ token: 'tok-1' });
  });

  it('does not put the token into GET requests or array bodies, and builds the query', async () => {
    startSession({ authToken: 'tok-1', email: 'a@b.example', staff: false });
    const fetchMock = vi.fn((_url: string, _init: RequestInit) => Promise.resolve(reply(200, { ok: true })));
    vi.stubGlobal('fetch', fetchMock);
    await apiRequest('GET', '/api/v1/staff/links', { service: null, query: { domain_uuid: 'd 1', skip: undefined } });
    await apiRequest('POST', '/api/v4/cameras/upload', { service: null, body: [{ name: 'x' }] });
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/v1/staff/links?domain_uuid=d+1');
    expect((fetchMock.mock.calls[0]?.[1] as RequestInit).body).toBeNull();
    expect(JSON.parse((fetchMock.mock.calls[1]?.[1] as RequestInit).body as string)).toEqual([{ name: 'x' }]);
  });

  it("turns a refusal into an HttpError carrying the server's message", async () => {
    startSession({ authToken: 'tok-1', email: 'a@b.example', staff: false });
    vi.stubGlobal('fetch', vi.fn().mockResolvedValue(reply(429, { ok: false, statusCode: 429, error: 'Too many PIN changes.' })));
    await expect(apiRequest('POST', '/api/v1/users/me/reset_pin', { service: null, body: {} })).rejects.toMatchObject({
      name: 'HttpError',
      status: 429,
      message: 'Too many PIN changes.',
    });
  });

  it("reads a download as a Blob, and a refused download's JSON as the error", async () => {
    startSession({ authToken: 'tok-1', email: 'a@b.example', staff: false });
    const csv = new Response('time,user\n', { status: 200, headers: { 'Content-Type': 'text/csv' } });
    vi.stubGlobal(
      'fetch',
      vi
        .fn()
        .mockResolvedValueOnce(csv)
        .mockResolvedValueOnce(reply(403, { ok: false, statusCode: 403, error: 'Forbidden' })),
    );
    const blob = await apiRequest<Blob>('GET', '/api/v1/audit.csv', { service: null, as: 'blob' });
    expect(await blob.text()).toBe('time,user\n');
    await expect(apiRequest('GET', '/api/v1/audit.csv', { service: null, as: 'blob' })).rejects.toMatchObject({
      status: 403,
      message: 'Forbidden',
    });
  });

  it("reads a file with its reply's headers (as: 'file'), with the bearer header", async () => {
    startSession({ authToken: 'tok-1', email: 'a@b.example', staff: false });
    const csv = new Response('a,b\n', { status: 200, headers: { 'Content-Disposition': 'attachment; filename="x.csv"' } });
    const fetchMock = vi.fn((_url: string, _init: RequestInit) => Promise.resolve(csv));
    vi.stubGlobal('fetch', fetchMock);
    const file = await apiRequest<FileReply>('GET', '/api/reports/v1/reports/r1?domain_uuid=d1&format=csv', { service: null, as: 'file' });
    expect(await file.blob.text()).toBe('a,b\n');
    expect(file.headers.get('content-disposition')).toBe('attachment; filename="x.csv"');
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/reports/v1/reports/r1?domain_uuid=d1&format=csv');
    expect((init.headers as Record<string, string>).Authorization).toBe('Bearer tok-1');
  });

  it('reports a 401 on an authenticated call as a lost session, once per call', async () => {
    startSession({ authToken: 'tok-1', email: 'a@b.example', staff: false });
    const onUnauthorized = vi.fn();
    setUnauthorizedHandler(onUnauthorized);
    vi.stubGlobal('fetch', vi.fn().mockResolvedValue(reply(401, { ok: false, statusCode: 401, error: 'Unauthorized' })));
    await expect(apiRequest('GET', '/api/v1/users/me/entitlements', { service: 'Permissions' })).rejects.toBeInstanceOf(HttpError);
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });

  it('lets a public call read a 401 reply as an answer (sign-in refusal) without ending anything', async () => {
    const onUnauthorized = vi.fn();
    setUnauthorizedHandler(onUnauthorized);
    vi.stubGlobal('fetch', vi.fn().mockResolvedValue(reply(401, { ok: false, err: "Couldn't validate token with Google." })));
    const result = await apiRequest('POST', '/api/v4/oauth', { service: null, auth: false, body: {}, acceptStatus: [401] });
    expect(result).toEqual({ ok: false, err: "Couldn't validate token with Google." });
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('refuses to send an authenticated call without a session', async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    await expect(apiRequest('GET', '/api/v1/users/me/entitlements', { service: 'Permissions' })).rejects.toMatchObject({ status: 401 });
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('reports a network failure in words, and to the server once (part 1 §7: sent to analytics, then rejected)', async () => {
    startSession({ authToken: 'tok-1', email: 'a@b.example', staff: false });
    const fetchMock = vi.fn().mockRejectedValue(new TypeError('fetch failed'));
    vi.stubGlobal('fetch', fetchMock);
    for (let i = 0; i < 2; i += 1) {
      await expect(apiRequest('GET', '/api/v1/users/me/entitlements', { service: 'Permissions' })).rejects.toMatchObject({
        status: 0,
        message: 'Could not reach the server. Check your network connection.',
      });
    }
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(3));
    const reports = fetchMock.mock.calls.filter(([url]) => String(url).endsWith('/api/v1/client_errors'));
    // The same failure twice within a minute is reported once.
    expect(reports).toHaveLength(1);
    const [, init] = reports[0] as [string, RequestInit];
    expect(init.method).toBe('POST');
    expect((init.headers as Record<string, string>).Authorization).toBe('Bearer tok-1');
    expect(JSON.parse(String(init.body))).toMatchObject({
      kind: 'network',
      message: 'GET /api/v1/users/me/entitlements: could not reach the server',
      detail: 'TypeError: fetch failed',
    });
  });
});
