import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ONBOARDING_MESSAGES } from '@vigil/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestContext, type TestContext } from '../../../test/harness.js';
import { MAPS_LIMITS } from './maps.routes.js';
import { POSTAL_MESSAGES } from './maps.service.js';

const get = (ctx: TestContext, url: string, token?: string) =>
  ctx.app.inject({ method: 'GET', url, ...(token && { headers: bearer(token) }) });

interface FakeService {
  url: string;
  requests: { method: string; path: string; query: URLSearchParams; headers: IncomingMessage['headers']; body: string }[];
  close(): Promise<void>;
}

/** A stand-in for an outside HTTP service on loopback: `answer` decides each reply. */
async function fakeService(answer: (request: FakeService['requests'][number]) => { status: number; body: unknown }): Promise<FakeService> {
  const requests: FakeService['requests'] = [];
  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://fake');
      const request = { method: req.method ?? 'GET', path: url.pathname, query: url.searchParams, headers: req.headers, body };
      requests.push(request);
      const reply = answer(request);
      res.writeHead(reply.status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(reply.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe('maps and postal calls, offline (nothing configured)', () => {
  let ctx: TestContext;
  let staff: string;
  beforeAll(async () => {
    ctx = await createTestContext();
    staff = await ctx.signIn('staff@vigil.example');
  });
  afterAll(() => ctx.close());

  it('gives the time zone of a point, null at sea', async () => {
    for (const [location, zone] of [
      ['40.7128,-74.006', 'America/New_York'],
      ['-33.8688,151.2093', 'Australia/Sydney'],
      ['30,-40', null],
    ] as const) {
      const reply = await get(ctx, `/api/v1/maps/timezone?location=${location}`, staff);
      expect(reply.statusCode).toBe(200);
      expect(reply.json()).toEqual({ ok: true, timeZoneId: zone });
    }
    // The page's text for a null zone comes from the contract.
    expect(ONBOARDING_MESSAGES.timezoneFailed).toBe('Error. Response did not include a valid timezone.');
  });

  it('answers 400 with a message for a location that is not lat,lng', async () => {
    for (const query of ['location=somewhere', 'location=95,10', 'location=10,190', '']) {
      const reply = await get(ctx, `/api/v1/maps/timezone?${query}`, staff);
      expect(reply.statusCode).toBe(400);
      expect(reply.json<{ error: string }>().error).toMatch(/location/);
    }
  });

  it('is for signed-in staff only', async () => {
    expect((await get(ctx, '/api/v1/maps/timezone?location=40.7,-74')).statusCode).toBe(401);
    for (const email of ['manager@maple.example', 'nurse@maple.example']) {
      const token = await ctx.signIn(email);
      for (const url of [
        '/api/v1/maps/timezone?location=40.7,-74',
        '/api/v1/maps/places?input=Sydney',
        '/api/v1/usps/zip4?address1=1+Main+St',
      ]) {
        const reply = await get(ctx, url, token);
        expect(reply.statusCode).toBe(403);
        expect(reply.json<{ ok: boolean }>().ok).toBe(false);
      }
    }
  });

  it('suggests towns from the offline gazetteer', async () => {
    const reply = await get(ctx, '/api/v1/maps/places?input=Springf', staff);
    expect(reply.statusCode).toBe(200);
    const body = reply.json<{ source: string; suggestions: { city: string; state: string; country: string; precision: string }[] }>();
    expect(body.source).toBe('offline');
    expect(body.suggestions.length).toBeGreaterThan(2);
    expect(body.suggestions.length).toBeLessThanOrEqual(8);
    expect(body.suggestions.every((s) => s.precision === 'city')).toBe(true);
    const states = body.suggestions.filter((s) => s.city === 'Springfield' && s.country === 'US').map((s) => s.state);
    expect(states).toEqual(expect.arrayContaining(['IL', 'MA', 'MO']));

    const sydney = await get(ctx, '/api/v1/maps/places?input=Sydney', staff);
    expect(sydney.json<{ suggestions: { description: string }[] }>().suggestions[0]?.description).toBe('Sydney, Australia');
    const nearCanada = await get(ctx, '/api/v1/maps/places?input=Sydney&near=46.1,-60.2', staff);
    expect(nearCanada.json<{ suggestions: { description: string }[] }>().suggestions[0]?.description).toBe('Sydney, Canada');
  });

  it('answers 400 for too little text or a bad point', async () => {
    expect((await get(ctx, '/api/v1/maps/places?input=S', staff)).statusCode).toBe(400);
    expect((await get(ctx, '/api/v1/maps/places', staff)).statusCode).toBe(400);
    expect((await get(ctx, '/api/v1/maps/places?input=Sydney&near=north', staff)).statusCode).toBe(400);
    expect((await get(ctx, '/api/v1/usps/zip4?city=Springfield', staff)).statusCode).toBe(400);
  });

  it('says the address is not verified when no postal service is configured', async () => {
    const reply = await get(ctx, '/api/v1/usps/zip4?address1=1+Main+St&city=Springfield&state=IL&zip=62701', staff);
    expect(reply.json()).toEqual({
      ok: true,
      verified: false,
      zip4: null,
      zip: null,
      message: 'Address not verified: no postal service is configured.',
    });
  });

  it('tells the web app of no tile server and the default snapshot hosts', async () => {
    const config = (await get(ctx, '/api/v1/config')).json<{ map: unknown; onboarding: unknown }>();
    expect(config.map).toEqual({ tileUrl: null, attribution: null });
    expect(config.onboarding).toEqual({ snapshotHosts: { local: '127.0.0.1', cloud: '127.0.0.1' } });
  });

  it(`takes ${MAPS_LIMITS.places} place searches a minute per user, then 429`, async () => {
    const token = await ctx.signIn('staff@vigil.example');
    const statuses: number[] = [];
    // The other tests' searches count too: one more than the limit is certainly over it.
    for (let i = 0; i <= MAPS_LIMITS.places; i++) statuses.push((await get(ctx, '/api/v1/maps/places?input=Lon', token)).statusCode);
    expect(statuses.at(-1)).toBe(429);
  });
});

describe('maps and postal calls with USPS and Photon configured', () => {
  const CLIENT_ID = 'usps-client-id';
  const CLIENT_SECRET = 'usps-client-secret-0123456789';
  let ctx: TestContext;
  let staff: string;
  let usps: FakeService;
  let photon: FakeService;
  let tokens = 0;

  beforeAll(async () => {
    usps = await fakeService((request) => {
      if (request.path === '/oauth2/v3/token') {
        const body = JSON.parse(request.body) as Record<string, string>;
        if (body.client_id !== CLIENT_ID || body.client_secret !== CLIENT_SECRET || body.grant_type !== 'client_credentials')
          return { status: 401, body: { error: 'invalid_client' } };
        tokens += 1;
        return { status: 200, body: { access_token: `token-${tokens}`, token_type: 'Bearer', expires_in: '28799' } };
      }
      if (request.path !== '/addresses/v3/address') return { status: 404, body: { error: 'no such path' } };
      if (!/^Bearer token-\d+$/.test(request.headers.authorization ?? '')) return { status: 401, body: { error: 'unauthorized' } };
      const street = request.query.get('streetAddress');
      if (street === '3120 M St') {
        return {
          status: 200,
          body: { address: { streetAddress: '3120 M ST NW', city: 'WASHINGTON', state: 'DC', ZIPCode: '20007', ZIPPlus4: '3704' } },
        };
      }
      if (street === 'Outage Rd') return { status: 503, body: { error: 'down for maintenance' } };
      return { status: 400, body: { error: { code: '010005', message: 'Address Not Found.' } } };
    });
    photon = await fakeService((request) => {
      if (request.query.get('q') === 'broken') return { status: 500, body: { message: 'internal error' } };
      return {
        status: 200,
        body: {
          type: 'FeatureCollection',
          features: [
            {
              type: 'Feature',
              geometry: { type: 'Point', coordinates: [-77.0597, 38.9051] },
              properties: {
                housenumber: '3120',
                street: 'M Street Northwest',
                postcode: '20007',
                city: 'Washington',
                state: 'District of Columbia',
                countrycode: 'US',
                type: 'house',
              },
            },
          ],
        },
      };
    });
    ctx = await createTestContext(
      {
        VIGIL_LOG_LEVEL: 'warn',
        VIGIL_USPS_URL: usps.url,
        VIGIL_USPS_CLIENT_ID: CLIENT_ID,
        VIGIL_USPS_CLIENT_SECRET: CLIENT_SECRET,
        VIGIL_GEOCODER: `photon:${photon.url}`,
        VIGIL_MAP_TILE_URL: 'https://{s}.tile.example/{z}/{x}/{y}.png',
        VIGIL_MAP_ATTRIBUTION: '© Tile Example contributors',
        VIGIL_GPU_HOST_LOCAL: '10.0.0.5',
        VIGIL_GPU_HOST_CLOUD: 'gpu.vigil.example',
      },
      undefined,
      { captureLogs: true },
    );
    staff = await ctx.signIn('staff@vigil.example');
  });
  afterAll(async () => {
    await ctx.close();
    await usps.close();
    await photon.close();
  });

  const zip4 = (query: string) => get(ctx, `/api/v1/usps/zip4?${query}`, staff);

  it('gets a token once, then the ZIP+4 of a known address', async () => {
    const reply = await zip4('address1=3120+M+St&address2=NW&city=Washington&state=DC&zip=20007');
    expect(reply.json()).toEqual({ ok: true, verified: true, zip4: '3704', zip: '20007', message: POSTAL_MESSAGES.verified });
    const lookup = usps.requests.find((request) => request.path === '/addresses/v3/address');
    expect(Object.fromEntries(lookup?.query ?? [])).toEqual({
      streetAddress: '3120 M St',
      secondaryAddress: 'NW',
      city: 'Washington',
      state: 'DC',
      ZIPCode: '20007',
    });
    expect(lookup?.headers['user-agent']).toMatch(/^Vigil\//);

    const unknown = await zip4('address1=1+Nowhere+Lane&city=Washington&state=DC');
    expect(unknown.json()).toEqual({
      ok: true,
      verified: true,
      zip4: null,
      zip: null,
      message: 'The postal service does not know this address.',
    });
    expect(tokens).toBe(1);
  });

  it('answers the same address again from memory (USPS allows 60 calls an hour)', async () => {
    const before = usps.requests.length;
    await zip4('address1=3120+M+St&address2=NW&city=Washington&state=DC&zip=20007');
    expect(usps.requests.length).toBe(before);
  });

  it('says the address was not verified when USPS does not answer, without its secret in the log', async () => {
    const reply = await zip4('address1=Outage+Rd&city=Washington&state=DC');
    expect(reply.json()).toEqual({ ok: true, verified: false, zip4: null, zip: null, message: POSTAL_MESSAGES.noAnswer });
    expect(ctx.logs.some((line) => line.includes('USPS answered HTTP 503'))).toBe(true);
    expect(ctx.logs.join('\n')).not.toContain(CLIENT_SECRET);
  });

  it('suggests street addresses from Photon, biased to the point given', async () => {
    const reply = await get(ctx, '/api/v1/maps/places?input=3120+M+St&near=38.9,-77.05', staff);
    expect(reply.json()).toEqual({
      ok: true,
      source: 'photon',
      suggestions: [
        {
          description: '3120 M Street Northwest, Washington, DC 20007, United States',
          lat: 38.9051,
          lng: -77.0597,
          address1: '3120 M Street Northwest',
          city: 'Washington',
          state: 'DC',
          zip: '20007',
          country: 'US',
          precision: 'street',
        },
      ],
    });
    const asked = photon.requests.at(-1);
    expect(asked?.path).toBe('/api');
    expect(Object.fromEntries(asked?.query ?? [])).toMatchObject({ q: '3120 M St', lat: '38.9', lon: '-77.05' });
  });

  it('falls back to the offline gazetteer when Photon fails, and says so in the log', async () => {
    const reply = await get(ctx, '/api/v1/maps/places?input=broken', staff);
    expect(reply.statusCode).toBe(200);
    expect(reply.json<{ source: string }>().source).toBe('offline');
    expect(ctx.logs.some((line) => line.includes('Photon answered HTTP 500') && line.includes('offline gazetteer'))).toBe(true);
  });

  it('gives the web app the tile server, its credit and the snapshot hosts, and lets the page load the tiles', async () => {
    const reply = await get(ctx, '/api/v1/config');
    expect(reply.json<{ map: unknown }>().map).toEqual({
      tileUrl: 'https://{s}.tile.example/{z}/{x}/{y}.png',
      attribution: '© Tile Example contributors',
    });
    expect(reply.json<{ onboarding: unknown }>().onboarding).toEqual({ snapshotHosts: { local: '10.0.0.5', cloud: 'gpu.vigil.example' } });
    expect(String(reply.headers['content-security-policy'])).toMatch(/img-src [^;]*https:\/\/\*\.tile\.example/);
  });
});
