import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAPLE, bearer, createTestContext, type TestContext } from '../test/harness.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const CAMERA = 'c1a00001-0000-4000-8000-00000000a001';

/** Every route that needs a session. Adding a route without listing it here fails the test below. */
const RULE_ID = '0a0a0a0a-0000-4000-8000-000000000001';
const PERSON = 'f0ce0001-0000-4000-8000-00000000a001';
const RULE = {
  name: 'Night',
  categories: ['Other'],
  days: ['Day'],
  time_range: { mode: 'All Day' },
  idle_seconds: 5,
  rate_limit_seconds: 10,
};
const PROTECTED: { method: 'GET' | 'POST' | 'PUT' | 'DELETE'; url: string; payload?: object | object[] }[] = [
  { method: 'POST', url: '/api/v4/logout' },
  { method: 'GET', url: '/api/v1/users/me/entitlements' },
  { method: 'POST', url: '/api/v4/domains' },
  { method: 'POST', url: '/api/v1/users/me/reset_pin', payload: { newPIN: `${'A'.repeat(43)}=`, domain_uuid: MAPLE } },
  { method: 'GET', url: `/api/v1/users/${MAPLE}/pin_enabled` },
  { method: 'GET', url: `/api/v1/users/${MAPLE}/pin_collisions` },
  { method: 'PUT', url: `/api/v4/cameras/${CAMERA}`, payload: { name: 'x' } },
  { method: 'PUT', url: `/api/v4/cameras/${CAMERA}/exit`, payload: { is_exit: true } },
  { method: 'DELETE', url: `/api/v4/cameras/${CAMERA}` },
  { method: 'GET', url: `/api/v1/staff/links?domain_uuid=${MAPLE}` },
  { method: 'GET', url: `/api/v6/faces?domain_uuid=${MAPLE}` },
  { method: 'GET', url: `/api/v6/faces/${PERSON}` },
  { method: 'GET', url: `/api/v6/faces/${PERSON}/history` },
  { method: 'GET', url: `/api/v1/faces/${PERSON}/consents` },
  { method: 'GET', url: `/api/v1/privacy/consent?domain_uuid=${MAPLE}` },
  { method: 'PUT', url: '/api/v1/privacy/consent', payload: { domain_uuid: MAPLE, required: true } },
  { method: 'GET', url: `/api/v1/privacy?domain_uuid=${MAPLE}` },
  { method: 'PUT', url: '/api/v1/privacy', payload: { domain_uuid: MAPLE, retention: { strangers: 3 } } },
  { method: 'POST', url: '/api/v6/faces', payload: { domain_uuid: MAPLE, face_info: {} } },
  { method: 'PUT', url: `/api/v6/faces/${PERSON}`, payload: { face_info: {} } },
  { method: 'DELETE', url: `/api/v6/faces/${PERSON}` },
  { method: 'GET', url: `/api/v4/faceimage/${PERSON}` },
  { method: 'GET', url: `/api/v1/faces/${PERSON}/erasure` },
  { method: 'POST', url: `/api/v1/faces/${PERSON}/erase`, payload: { confirm: 'Ada Lovelace' } },
  { method: 'GET', url: `/api/v1/faces/${PERSON}/export` },
  { method: 'POST', url: '/api/v1/client_errors', payload: { kind: 'network', message: 'x', page: '/' } },
  { method: 'GET', url: '/api/v1/client_errors' },
  { method: 'GET', url: `/api/v1/audit?domain_uuid=${MAPLE}` },
  { method: 'GET', url: `/api/v1/audit.csv?domain_uuid=${MAPLE}` },
  { method: 'POST', url: '/api/v1/audit/flags', payload: { flag: 'new_training_filters', value: true } },
  { method: 'POST', url: '/api/v1/hlsvideo/', payload: { camera_uuid: CAMERA, duration: 600 } },
  { method: 'PUT', url: `/api/v1/hlsvideo/${CAMERA}`, payload: { camera_uuid: CAMERA, durationInSeconds: 570 } },
  { method: 'POST', url: '/api/v1/hlsvideo/test-stream', payload: {} },
  { method: 'POST', url: '/api/v4/clip', payload: { camera_uuid: CAMERA, cliptype: 'aligned_clip', timestamp: '2026-01-01T00:00:00Z' } },
  { method: 'GET', url: `/api/v4/clips/${CAMERA}/2026-01-01T00:00:00Z` },
  { method: 'GET', url: `/api/v4/long_clips/${CAMERA}?start=2026-01-01T00:00:00Z&end=2026-01-01T00:10:00Z&mode=link` },
  { method: 'GET', url: `/api/v4/recordings/${CAMERA}?start=2026-01-01T00:00:00Z&end=2026-01-02T00:00:00Z` },
  { method: 'GET', url: `/api/v4/cameras?domain_uuid=${MAPLE}` },
  { method: 'POST', url: '/api/v4/cameras/upload', payload: [{ name: 'X', domainUUID: MAPLE, host: '127.0.0.1', path: '/x' }] },
  { method: 'GET', url: `/api/events/v1/alerts?domain_uuid=${MAPLE}` },
  { method: 'GET', url: `/api/v1/faces/alerts?domainUUID=${MAPLE}` },
  { method: 'POST', url: `/api/v1/faces/alerts/${RULE_ID}/dismiss`, payload: { userPIN: 'me' } },
  { method: 'POST', url: `/api/v1/faces/alerts/${RULE_ID}/acknowledge` },
  { method: 'GET', url: `/api/v1/alerts/escalation?domain_uuid=${MAPLE}` },
  { method: 'PUT', url: '/api/v1/alerts/escalation', payload: { domain_uuid: MAPLE } },
  {
    method: 'POST',
    url: '/api/v4/facematchconfirm',
    payload: { runtime_face_uuid: RULE_ID, frontend_face_uuid: RULE_ID, is_correct: true },
  },
  { method: 'POST', url: '/api/v4/faceconfirm', payload: { runtime_face_uuid: RULE_ID, is_face: false } },
  { method: 'GET', url: `/api/events/v1/alert_settings?domain_uuid=${MAPLE}` },
  { method: 'POST', url: '/api/events/v1/alert_settings', payload: { domain_uuid: MAPLE, rule: RULE } },
  { method: 'PUT', url: `/api/events/v1/alert_settings/${RULE_ID}`, payload: { rule: RULE } },
  { method: 'DELETE', url: `/api/events/v1/alert_settings/${RULE_ID}` },
  { method: 'GET', url: `/api/ingest/v1/detectors?domain_uuid=${MAPLE}` },
  { method: 'POST', url: '/api/ingest/v1/detectors', payload: { domain_uuid: MAPLE, name: 'x', purposes: ['detector'] } },
  { method: 'DELETE', url: `/api/ingest/v1/detectors/${RULE_ID}` },
  { method: 'GET', url: `/api/v4/analyzers?domain_uuid=${MAPLE}` },
  { method: 'GET', url: '/api/v1/maps/timezone?location=40.7128,-74.006' },
  { method: 'GET', url: '/api/v1/maps/places?input=Sydney' },
  { method: 'GET', url: '/api/v1/usps/zip4?address1=1+Main+St' },
  { method: 'POST', url: '/api/v1/domain/new', payload: {} },
  { method: 'GET', url: `/api/v1/domains/${MAPLE}/accounts` },
  { method: 'POST', url: `/api/v1/domains/${MAPLE}/accounts`, payload: { email: 'a@b.example', role: 'caregiver' } },
  { method: 'PUT', url: `/api/v1/domains/${MAPLE}/accounts/${RULE_ID}`, payload: { roles: ['caregiver'] } },
  { method: 'DELETE', url: `/api/v1/domains/${MAPLE}/accounts/${RULE_ID}` },
  { method: 'POST', url: '/api/v5/facesdetected2', payload: { domain_uuid: MAPLE } },
  { method: 'POST', url: '/api/v4/faces/confirmed', payload: { domain_uuid: MAPLE } },
  { method: 'GET', url: `/api/v6/faces/matched/${PERSON}` },
  { method: 'GET', url: `/api/v1/training/reviews/${PERSON}` },
  { method: 'POST', url: '/api/v6/faces/matchfinder', payload: { domain_uuid: MAPLE, frontend_face_uuid: PERSON } },
  { method: 'POST', url: '/api/v4/faces/visitor', payload: { runtime_face_uuid: PERSON } },
  { method: 'GET', url: `/api/v1/training/models?domain_uuid=${MAPLE}` },
  { method: 'GET', url: `/api/v1/training/models/current?domain_uuid=${MAPLE}` },
  { method: 'GET', url: `/api/v1/training/models/2026-01-01-00-00-00/identities?domain_uuid=${MAPLE}` },
  { method: 'POST', url: '/api/v1/training/models/load', payload: { domain_uuid: MAPLE, label: '2026-01-01-00-00-00' } },
  { method: 'POST', url: '/api/v1/training/models/train', payload: { domain_uuid: MAPLE } },
  { method: 'GET', url: `/api/v1/training/progress?domain_uuid=${MAPLE}` },
  { method: 'GET', url: `/api/faces/v1/credentials?domain_uuid=${MAPLE}` },
  { method: 'GET', url: `/api/faces/v1/credentials/score?domain_uuid=${MAPLE}&identity_id=UNIT12B-ANNA0001` },
  { method: 'GET', url: `/api/faces/v1/credentials/report?domain_uuid=${MAPLE}` },
  { method: 'GET', url: `/api/faces/v1/credentials/UNIT12B-ANNA0001/access-events?domain_uuid=${MAPLE}` },
  { method: 'GET', url: `/api/faces/v1/confirmed_tags?domain_uuid=${MAPLE}` },
  { method: 'POST', url: `/api/faces/v1/confirmed_tags?domain_uuid=${MAPLE}`, payload: [] },
  { method: 'DELETE', url: `/api/faces/v1/confirmed_tags?domain_uuid=${MAPLE}`, payload: [] },
  { method: 'GET', url: `/api/reports/v1/reports?domain_uuid=${MAPLE}` },
  { method: 'GET', url: `/api/reports/v1/reports/${RULE_ID}?domain_uuid=${MAPLE}` },
  {
    method: 'POST',
    url: '/api/reports/v1/reports',
    payload: { domain_uuid: MAPLE, kind: 'tailgating', start: '2026-01-01T00:00:00Z', end: '2026-01-02T00:00:00Z' },
  },
  {
    method: 'POST',
    url: `/api/faces/v1/tag_search?domain_uuid=${MAPLE}`,
    payload: { access_event_uuid: RULE_ID, identity_id: 'UNIT12B-ANNA0001' },
  },
  { method: 'GET', url: '/api/v1/push/key' },
  { method: 'POST', url: '/api/v1/push/subscriptions', payload: { domain_uuid: MAPLE } },
  { method: 'GET', url: `/api/v1/push/subscriptions?domain_uuid=${MAPLE}` },
  { method: 'DELETE', url: `/api/v1/push/subscriptions/${RULE_ID}` },
  { method: 'POST', url: '/api/v1/push/test', payload: { subscription_id: RULE_ID } },
  { method: 'GET', url: `/api/v1/alerts/deliveries?domain_uuid=${MAPLE}` },
];
/** Routes that take no session: public ones, and the ingest API (a detector key instead, tested in ingest.test.ts). */
const PUBLIC = [
  'GET /api/v1/config',
  'POST /api/v4/oauth',
  'POST /api/ingest/v1/batch',
  'POST /api/ingest/v1/analyzers/heartbeat',
  'GET /api/ingest/v1/analyzers/changes',
  'GET /api/ingest/v1/gallery',
  'GET /api/ingest/v1/model',
  'POST /api/ingest/v1/gallery/embeddings',
  'POST /api/ingest/v1/access-events',
  // a notification's "I'm on it": the token it carried instead of a session (push.test.ts)
  'POST /api/v1/push/acknowledge',
];

describe('every protected route', () => {
  it('is listed here', () => {
    const paths = (ctx.app.swagger() as { paths: Record<string, Record<string, unknown>> }).paths;
    const declared = Object.entries(paths)
      .filter(([path]) => path.startsWith('/api/'))
      .flatMap(([path, methods]) => Object.keys(methods).map((m) => `${m.toUpperCase()} ${path}`));
    const pattern = (url: string) =>
      url
        .split('?')[0]!
        .replace(`${CAMERA}/2026-01-01T00:00:00Z`, '{cameraId}/{timestamp}')
        .replace(`/hlsvideo/${CAMERA}`, '/hlsvideo/{cameraUUID}')
        .replace(`/api/v4/cameras/${CAMERA}`, '/api/v4/cameras/{uuid}')
        .replace(`/api/v6/faces/${PERSON}/history`, '/api/v6/faces/{id}/history')
        .replace(`/api/v1/faces/${PERSON}/consents`, '/api/v1/faces/{id}/consents')
        .replace(new RegExp(`/api/v1/faces/${PERSON}/(erasure|erase|export)$`), '/api/v1/faces/{id}/$1')
        .replace(`/api/v1/training/reviews/${PERSON}`, '/api/v1/training/reviews/{runtime_face_uuid}')
        .replace(`PUT /api/v6/faces/${PERSON}`, 'PUT /api/v6/faces/{frontendFaceUuid}')
        .replace(`/api/v6/faces/${PERSON}`, '/api/v6/faces/{id}')
        .replace(`/api/v4/faceimage/${PERSON}`, '/api/v4/faceimage/{runtimeFaceUuid}')
        .replace(`/api/v6/faces/matched/${PERSON}`, '/api/v6/faces/matched/{frontendFaceUUID}')
        .replace('/models/2026-01-01-00-00-00/identities', '/models/{label}/identities')
        .replace('/credentials/UNIT12B-ANNA0001/access-events', '/credentials/{id}/access-events')
        .replace(`/accounts/${RULE_ID}`, '/accounts/{userId}')
        .replace(`/reports/${RULE_ID}`, '/reports/{id}')
        .replace(RULE_ID, '{id}')
        .replace(CAMERA, '{cameraId}')
        .replace(MAPLE, '{domainId}')
        .replace('/users/me/reset_pin', '/users/{id}/reset_pin')
        .replace('/users/me/entitlements', '/users/{me}/entitlements');
    const listed = [...PROTECTED.map((r) => pattern(`${r.method} ${r.url}`)), ...PUBLIC];
    for (const route of declared) expect(listed, `${route} is not in PROTECTED or PUBLIC`).toContain(route);
  });

  it.each(PROTECTED)('$method $url answers 401 without a token', async (route) => {
    const reply = await ctx.app.inject({ method: route.method, url: route.url, ...(route.payload ? { payload: route.payload } : {}) });
    expect(reply.statusCode).toBe(401);
    expect(reply.json()).toEqual({ ok: false, statusCode: 401, error: 'Please log in.' });
  });

  it.each(PROTECTED)('$method $url answers 401 with a made-up token', async (route) => {
    const reply = await ctx.app.inject({
      method: route.method,
      url: route.url,
      headers: bearer('made-up-token'),
      ...(route.payload ? { payload: route.payload } : {}),
    });
    expect(reply.statusCode).toBe(401);
  });
});

describe('the API', () => {
  it('answers unknown routes with a JSON 404', async () => {
    const reply = await ctx.app.inject({ method: 'GET', url: '/api/v9/nothing' });
    expect(reply.statusCode).toBe(404);
    expect(reply.json()).toMatchObject({ ok: false, statusCode: 404 });
  });

  it('answers malformed JSON with 400, not 500', async () => {
    const token = await ctx.signIn('manager@maple.example');
    const reply = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/users/me/reset_pin',
      headers: { ...bearer(token), 'content-type': 'application/json' },
      payload: '{"newPIN": ',
    });
    expect(reply.statusCode).toBe(400);
  });

  it('publishes the OpenAPI document at /api/docs', async () => {
    const reply = await ctx.app.inject({ method: 'GET', url: '/api/docs/json' });
    const doc = reply.json<{ paths: Record<string, unknown> }>();
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/api/v4/oauth', '/api/v4/domains', '/api/v1/users/{id}/reset_pin']));
  });

  it('serves the public client configuration with the built-in provider standing in for both', async () => {
    const reply = await ctx.app.inject({ method: 'GET', url: '/api/v1/config' });
    expect(reply.json()).toMatchObject({
      providers: {
        google: { builtIn: true, clientId: 'vigil-demo-google' },
        microsoft: { builtIn: true, clientId: 'vigil-demo-microsoft' },
      },
    });
  });
});
