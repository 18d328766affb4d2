import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { SOCKET_PATH, type ClientToServerEvents, type EventsReply, type ServerToClientEvents } from '@vigil/contract';
import { io, type Socket } from 'socket.io-client';
import { BIRCH, MAPLE, bearer, createTestContext, type TestContext } from '../../test/harness.js';
import { eventually } from '../../test/rtsp-simulator.js';

const MAPLE_EXIT = 'c1a00001-0000-4000-8000-00000000a001';
const MAPLE_HALLWAY = 'c1a00001-0000-4000-8000-00000000a003';
const BIRCH_LOBBY = 'c1a00001-0000-4000-8000-00000000b002';
const RISK_RESIDENT = 'f0ce0001-0000-4000-8000-00000000a001';

type Message = {
  [E in keyof ServerToClientEvents]: { event: E; payload: Parameters<ServerToClientEvents[E]>[0] };
}[keyof ServerToClientEvents];

/** A socket.io client that records every message, in order, as a test can read them. */
interface LiveClient {
  socket: Socket<ServerToClientEvents, ClientToServerEvents>;
  messages: Message[];
  connects: number;
  /** the first connect_error, if the server refused */
  refusal: Error | undefined;
  /** why the last disconnect happened */
  disconnectReason: string | undefined;
}

const open: LiveClient[] = [];
function connect(url: string, token: string | undefined, reconnectionDelay = 100): LiveClient {
  const socket: Socket<ServerToClientEvents, ClientToServerEvents> = io(url, {
    path: SOCKET_PATH,
    ...(token === undefined ? {} : { query: { token } }),
    transports: ['polling', 'websocket'],
    reconnectionDelay,
    randomizationFactor: 0,
  });
  const client: LiveClient = { socket, messages: [], connects: 0, refusal: undefined, disconnectReason: undefined };
  socket.on('connect', () => (client.connects += 1));
  socket.on('connect_error', (error) => (client.refusal ??= error));
  socket.on('disconnect', (reason) => (client.disconnectReason = reason));
  socket.on('hello', (payload) => client.messages.push({ event: 'hello', payload }));
  socket.on('alert', (payload) => client.messages.push({ event: 'alert', payload }));
  socket.on('elopement_risk', (payload) => client.messages.push({ event: 'elopement_risk', payload }));
  open.push(client);
  return client;
}
const helloOf = (client: LiveClient) => client.messages.find((m) => m.event === 'hello');
const after = (client: LiveClient) => client.messages.filter((m) => m.event !== 'hello');
afterEach(() => {
  for (const client of open.splice(0)) client.socket.disconnect();
});

/** Waits until a client is connected and has been told its domains (so it sits in its rooms). */
const ready = (client: LiveClient) => eventually(async () => client.socket.connected && helloOf(client), 10_000, 'hello');

async function detectorKey(ctx: TestContext, token: string, domain: string): Promise<string> {
  const reply = await ctx.app.inject({
    method: 'POST',
    url: '/api/ingest/v1/detectors',
    headers: bearer(token),
    payload: { domain_uuid: domain, name: `socket test ${randomUUID()}`, purposes: ['detector'] },
  });
  expect(reply.statusCode, reply.body).toBe(200);
  return reply.json<{ key: string }>().key;
}

async function ingest(ctx: TestContext, key: string, batch: { events?: object[]; faces?: object[] }): Promise<void> {
  const reply = await ctx.app.inject({ method: 'POST', url: '/api/ingest/v1/batch', headers: bearer(key), payload: batch });
  expect(reply.statusCode, reply.body).toBe(200);
}
const personAt = (camera: string) => ({
  source_id: randomUUID(),
  camera_uuid: camera,
  started_at: new Date().toISOString(),
  objects: [{ name: 'person', confidence: 0.9 }],
});

describe('the live socket', () => {
  let ctx: TestContext;
  let url: string;
  let manager: string;
  let nurse: string;
  let family: string;
  let viewer: string;
  let mapleKey: string;
  let birchKey: string;
  beforeAll(async () => {
    ctx = await createTestContext();
    // someone who may see Maple's events but is not told about elopement risks
    await ctx.transaction((trx) =>
      ctx.access.defineRole(trx, { name: 'event-viewer', description: 'events only', operations: { alerting: ['view_historic'] } }),
    );
    const user = await ctx.access.ensureUser('viewer@maple.example', 'Vic Viewer');
    await ctx.access.grant(user.id, MAPLE, 'event-viewer');
    url = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    [manager, nurse, family, viewer] = await Promise.all([
      ctx.signIn('manager@maple.example'),
      ctx.signIn('nurse@maple.example'),
      ctx.signIn('family@maple.example'),
      ctx.signIn('viewer@maple.example'),
    ]);
    mapleKey = await detectorKey(ctx, manager, MAPLE);
    birchKey = await detectorKey(ctx, manager, BIRCH);
  });
  afterAll(() => ctx.close());

  it('refuses a handshake without a token or with a made-up one, and does not retry', async () => {
    const clients = [connect(url, undefined), connect(url, 'made-up-token'), connect(url, randomUUID())];
    await eventually(async () => clients.every((c) => c.refusal), 10_000, 'connect_error on every client');
    expect(clients.map((c) => c.refusal!.message)).toEqual([
      'Please log in.',
      'Your session has expired. Please log in.',
      'Your session has expired. Please log in.',
    ]);
    for (const client of clients) {
      // a middleware refusal is final: socket.io-client stops trying
      expect(client.socket.active).toBe(false);
      expect(client.connects).toBe(0);
      expect(client.messages).toEqual([]);
    }
  });

  it('tells each user only about the domains and kinds of alert they may see', async () => {
    const [m, n, f, v] = [manager, nurse, family, viewer].map((token) => connect(url, token)) as [
      LiveClient,
      LiveClient,
      LiveClient,
      LiveClient,
    ];
    await Promise.all([m, n, f, v].map(ready));
    expect(new Set((helloOf(m)!.payload as { domains: string[] }).domains)).toEqual(new Set([MAPLE, BIRCH]));
    expect(helloOf(n)!.payload).toEqual({ domains: [MAPLE] });
    expect(helloOf(v)!.payload).toEqual({ domains: [MAPLE] });
    // family has no alerting anywhere: in no room at all, so nothing can reach it
    expect(helloOf(f)!.payload).toEqual({ domains: [] });

    await ingest(ctx, birchKey, { events: [personAt(BIRCH_LOBBY)] });
    await eventually(async () => after(m).length === 1, 10_000, "the manager's Birch alert");
    expect(after(m)[0]).toMatchObject({ event: 'alert', payload: { domain_uuid: BIRCH, ids: [expect.any(String)] } });

    // Messages to one socket arrive in order: if the nurse had been sent the Birch alert, it would come before this one.
    await ingest(ctx, mapleKey, { events: [personAt(MAPLE_HALLWAY)] });
    await eventually(async () => after(n).length >= 1 && after(v).length >= 1 && after(m).length >= 2, 10_000, 'the Maple alert');
    for (const client of [n, v]) {
      expect(after(client)).toEqual([{ event: 'alert', payload: { domain_uuid: MAPLE, ids: [expect.any(String)] } }]);
    }
    expect(after(m)[1]).toMatchObject({ event: 'alert', payload: { domain_uuid: MAPLE } });

    // An elopement risk goes to receive_er_alerts holders; the viewer's next message must be the following alert.
    await ingest(ctx, mapleKey, {
      faces: [{ camera_uuid: MAPLE_EXIT, captured_at: new Date().toISOString(), frontend_face_uuid: RISK_RESIDENT, confidence: 0.95 }],
    });
    await ingest(ctx, mapleKey, { events: [personAt(MAPLE_HALLWAY)] });
    await eventually(async () => after(v).length >= 2 && after(n).length >= 3 && after(m).length >= 4, 10_000, 'the elopement alert');
    for (const client of [m, n]) {
      expect(after(client).slice(-2)).toEqual([
        { event: 'elopement_risk', payload: { domain_uuid: MAPLE, alert_ids: [expect.any(String)] } },
        { event: 'alert', payload: { domain_uuid: MAPLE, ids: [expect.any(String)] } },
      ]);
    }
    expect(after(v).map((message) => message.event)).toEqual(['alert', 'alert']);
    expect(after(f)).toEqual([]);
    expect(f.socket.connected).toBe(true);
  });

  it('catches up after a dropped connection by refetching on reconnect, as the web app does', async () => {
    // long enough a time away for an ingest to commit in, even on a busy machine
    const client = connect(url, nurse, 500);
    // the web app's view: the first page of the domain's events, reloaded on every connect and on every 'alert'
    let view = new Set<string>();
    let latestFetch = 0;
    const refetch = async () => {
      const mine = (latestFetch += 1);
      const response = await fetch(`${url}/api/events/v1/alerts?domain_uuid=${MAPLE}&limit=100`, { headers: bearer(nurse) });
      const body = (await response.json()) as EventsReply;
      if (mine === latestFetch) view = new Set(body.data.map((e) => e.id));
    };
    client.socket.on('connect', () => void refetch());
    client.socket.on('alert', () => void refetch());
    await ready(client);

    const offline = new Promise<string[]>((done) => {
      client.socket.once('disconnect', () => {
        // The client stays away until its reconnection delay has passed: this commit is not told to it.
        const events = [personAt(MAPLE_HALLWAY), personAt(MAPLE_HALLWAY), personAt(MAPLE_HALLWAY)];
        const ingested = ingest(ctx, mapleKey, { events }).then(async () => {
          const page = await ctx.app.inject({
            method: 'GET',
            url: `/api/events/v1/alerts?domain_uuid=${MAPLE}&limit=3`,
            headers: bearer(nurse),
          });
          return page.json<EventsReply>().data.map((e) => e.id);
        });
        done(ingested);
      });
    });
    // a network drop: the transport goes away without a goodbye, and socket.io-client reconnects by itself
    client.socket.io.engine.close();
    const missed = await offline;
    expect(missed).toHaveLength(3);

    await eventually(async () => client.connects === 2 && missed.every((id) => view.has(id)), 10_000, 'the missed events in the view');
    expect(client.disconnectReason).toBe('forced close');
    // they came by the refetch on reconnect, not by a live message
    const told = after(client).flatMap((m) => (m.event === 'alert' ? m.payload.ids : []));
    expect(told.filter((id) => missed.includes(id))).toEqual([]);
  });
});

describe('the socket of a session that ends', () => {
  let ctx: TestContext;
  // The sweep runs every 60 s; only setInterval is faked, so sockets, HTTP and the database keep real time.
  beforeAll(async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    ctx = await createTestContext();
  });
  afterAll(async () => {
    await ctx.close();
    vi.useRealTimers();
  });

  it('is dropped by the next sweep after logout, and the token no longer connects', async () => {
    const url = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    const [managerToken, nurseToken] = await Promise.all([ctx.signIn('manager@maple.example'), ctx.signIn('nurse@maple.example')]);
    const staying = connect(url, managerToken);
    const leaving = connect(url, nurseToken);
    await Promise.all([staying, leaving].map(ready));

    const logout = await ctx.app.inject({ method: 'POST', url: '/api/v4/logout', headers: bearer(nurseToken) });
    expect(logout.statusCode, logout.body).toBe(200);
    expect(leaving.socket.connected).toBe(true);

    vi.advanceTimersByTime(60_000);
    await eventually(async () => !leaving.socket.connected, 10_000, 'the logged-out socket to be dropped');
    expect(leaving.disconnectReason).toBe('io server disconnect');
    // a server-side disconnect is final: the client does not come back on its own
    expect(leaving.socket.active).toBe(false);
    expect(staying.socket.connected).toBe(true);

    const again = connect(url, nurseToken);
    await eventually(async () => again.refusal, 10_000, 'connect_error for the ended session');
    expect(again.refusal!.message).toBe('Your session has expired. Please log in.');
  });
});
