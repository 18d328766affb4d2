import { OPERATIONS, SERVICES, type Operation, type Right, type Service } from '@vigil/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_DOMAINS, bearer, createTestContext, type TestContext } from '../../test/harness.js';
import type { RouteAccess } from './route-access.js';

/**
 * Every route of the OpenAPI document, called the way a caller without the right would call it, with a malformed
 * request (path, query and body all wrong): no session is 401 and a caller without the route's right is 403 before
 * anything of the request is read; only a caller with the right learns that the request was malformed (400).
 */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

interface DocumentedOperation {
  security?: Record<string, string[]>[];
  parameters?: { in: string; name: string; required?: boolean }[];
  requestBody?: unknown;
  responses: Record<string, unknown>;
  'x-vigil-access'?: RouteAccess;
}
interface Route {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: string;
  operation: DocumentedOperation;
}

/** Routes any signed-in user may call (each says why in its config.access, shown in the document). */
const OPEN_TO_ANY_SIGNED_IN_USER = [
  'POST /api/v4/logout',
  'GET /api/v1/users/{me}/entitlements',
  'POST /api/v4/domains',
  'POST /api/v1/client_errors',
  'POST /api/v1/hlsvideo/test-stream',
];

let routes: Route[] = [];
beforeAll(() => {
  const doc = ctx.app.swagger() as unknown as { paths: Record<string, Record<string, DocumentedOperation>> };
  routes = Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.entries(methods)
      .filter(([method]) => ['get', 'post', 'put', 'delete'].includes(method))
      .map(([method, operation]) => ({ method: method.toUpperCase() as Route['method'], path, operation })),
  );
});

const name = (route: Route) => `${route.method} ${route.path}`;
const isPublic = (route: Route) => route.operation.security?.length === 0;
const takesDetectorKey = (route: Route) => route.operation.security?.some((s) => 'detectorKey' in s) ?? false;
const takesSession = (route: Route) => !isPublic(route) && !takesDetectorKey(route);
const rightsOf = (route: Route) => {
  const access = route.operation['x-vigil-access'];
  return access && 'rights' in access ? access.rights : undefined;
};

/** A request with everything malformed: path parameters that are no ids, a bad query, a body that is not JSON. */
function malformed(route: Route, headers: Record<string, string> = {}) {
  const url = `${route.path.replace(/\{[^}]+\}/g, 'not-a-uuid')}?domain_uuid=not-a-uuid&limit=-1`;
  const withBody = route.method !== 'GET';
  return ctx.app.inject({
    method: route.method,
    url,
    headers: { ...headers, ...(withBody && { 'content-type': 'application/json' }) },
    ...(withBody && { payload: '{"malformed": ' }),
  });
}

/** Every operation of every service, except the rights given (a bare service: that whole service). */
function everythingBut(rights: readonly Right[]): Partial<Record<Service, Operation[]>> {
  return Object.fromEntries(
    SERVICES.filter((service) => !rights.includes(service)).map((service) => [
      service,
      OPERATIONS.filter((operation) => !rights.includes(`${service}/${operation}`)),
    ]),
  );
}

let lacking = 0;
/** A staff member holding every operation in both demo buildings but the given rights; their session token. */
async function signInLacking(rights: readonly Right[]): Promise<string> {
  const role = `lacks-${++lacking}`;
  await ctx.transaction((trx) =>
    ctx.access.defineRole(trx, { name: role, description: `everything but ${rights.join(', ')}`, operations: everythingBut(rights) }),
  );
  const user = await ctx.access.ensureUser(`${role}@vigil.example`);
  for (const domain of [DEMO_DOMAINS.maple, DEMO_DOMAINS.birch]) await ctx.access.grant(user.id, domain.uuid, role);
  return ctx.signIn(user.email);
}

describe('the OpenAPI document', () => {
  it('has routes to walk, and says of each who may call it: public, a detector key, or a session with declared access', () => {
    expect(routes.length).toBeGreaterThan(40);
    for (const route of routes) {
      if (takesSession(route)) expect(route.operation['x-vigil-access'], name(route)).toBeDefined();
      else expect(route.operation['x-vigil-access'], name(route)).toBeUndefined();
    }
  });

  it('opens to any signed-in user only the routes listed here, each with its reason', () => {
    const open = routes.filter((route) => {
      const access = route.operation['x-vigil-access'];
      return access && 'anySignedInUser' in access && access.anySignedInUser.length > 0;
    });
    expect(open.map(name).sort()).toEqual([...OPEN_TO_ANY_SIGNED_IN_USER].sort());
  });

  it('documents 403 on every route that needs a right', () => {
    for (const route of routes.filter((r) => rightsOf(r))) expect(Object.keys(route.operation.responses), name(route)).toContain('403');
  });
});

describe('a malformed request to every route', () => {
  it('without a session is 401, whatever the request', async () => {
    for (const route of routes.filter((r) => !isPublic(r))) {
      const reply = await malformed(route);
      expect(reply.statusCode, name(route)).toBe(401);
      if (takesSession(route)) expect(reply.json(), name(route)).toEqual({ ok: false, statusCode: 401, error: 'Please log in.' });
      else expect(reply.json(), name(route)).toMatchObject({ ok: false, statusCode: 401 });
    }
  });

  it('with a session where a detector key is needed is 401', async () => {
    const token = await ctx.signIn('staff@vigil.example');
    for (const route of routes.filter(takesDetectorKey)) expect((await malformed(route, bearer(token))).statusCode, name(route)).toBe(401);
  });

  it('from a signed-in user holding everything but the route’s right is 403, whatever the request', async () => {
    const needRights = routes.filter((r) => rightsOf(r));
    expect(needRights.length).toBeGreaterThan(35);
    for (const route of needRights) {
      const reply = await malformed(route, bearer(await signInLacking(rightsOf(route)!)));
      expect(reply.statusCode, name(route)).toBe(403);
      expect(reply.json(), name(route)).toEqual({ ok: false, statusCode: 403, error: expect.any(String) });
    }
  });

  it('from a signed-in user with no role anywhere is 403 on every route that needs a right', async () => {
    const token = await ctx.signIn('newcomer@maple.example');
    for (const route of routes.filter((r) => rightsOf(r)))
      expect((await malformed(route, bearer(token))).statusCode, name(route)).toBe(403);
  });

  it('from a caller with every right is 400 where the request is malformed: rights first, then validation', async () => {
    const token = await ctx.signIn('staff@vigil.example');
    for (const route of routes.filter((r) => rightsOf(r))) {
      const { parameters = [], requestBody } = route.operation;
      const isMalformed = requestBody || route.method !== 'GET' || parameters.some((p) => p.in === 'path' || p.required);
      if (!isMalformed) continue;
      expect((await malformed(route, bearer(token))).statusCode, name(route)).toBe(400);
    }
  });
});

describe('the refusals say why', () => {
  it('a facility manager posting a malformed building to the staff-only POST /api/v1/domain/new gets 403, not the schema', async () => {
    const manager = await ctx.signIn('manager@maple.example');
    const reply = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/domain/new',
      headers: bearer(manager),
      payload: { domain: { name: 42 }, cameras: 'none' },
    });
    expect(reply.statusCode).toBe(403);
    expect(reply.json()).toEqual({ ok: false, statusCode: 403, error: 'This is for internal staff only.' });
  });

  it('names the rights the caller lacks, or says it in the spec’s words where the spec has them', async () => {
    const relative = await ctx.signIn('family@maple.example');
    const detectors = await ctx.app.inject({ method: 'GET', url: '/api/ingest/v1/detectors?domain_uuid=x', headers: bearer(relative) });
    expect(detectors.json()).toEqual({ ok: false, statusCode: 403, error: 'You do not have alerting/edit access in any building.' });
    const faces = await ctx.app.inject({ method: 'GET', url: '/api/v6/faces?domain_uuid=x', headers: bearer(relative) });
    expect(faces.json()).toEqual({ ok: false, statusCode: 403, error: 'Entitlements error: Cannot access Faces service.' });
  });
});
