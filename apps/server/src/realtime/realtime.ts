import type { Server as HttpServer } from 'node:http';
import {
  SOCKET_PATH,
  elopementRoom,
  eventsRoom,
  hasOperation,
  type ClientToServerEvents,
  type ServerToClientEvents,
} from '@vigil/contract';
import { Server, type Socket } from 'socket.io';
import type { Authenticator } from '../auth/authenticate.js';
import type { Principal } from '../auth/principal.js';

/** What the rest of the server tells clients; the messages only say "look again", the API has the data. */
export interface Notifier {
  objectAlerts(domainUuid: string, eventIds: string[]): void;
  elopementAlerts(domainUuid: string, alertIds: string[]): void;
}

interface SocketData {
  principal: Principal;
  token: string;
}
type VigilSocket = Socket<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>;

/** The rooms a user belongs in (object alerts with alerting/view_historic, elopement alerts with alerting/receive_er_alerts) and their domains. */
export function roomsFor(principal: Principal): { rooms: string[]; domains: string[] } {
  const rooms: string[] = [];
  const domains: string[] = [];
  for (const [domain, services] of Object.entries(principal.entitlements)) {
    const events = hasOperation(services, 'alerting', 'view_historic');
    const elopement = hasOperation(services, 'alerting', 'receive_er_alerts');
    if (events) rooms.push(eventsRoom(domain));
    if (elopement) rooms.push(elopementRoom(domain));
    if (events || elopement) domains.push(domain);
  }
  return { rooms, domains };
}

function tokenOf(socket: VigilSocket): string | undefined {
  const fromQuery = socket.handshake.query.token;
  if (typeof fromQuery === 'string' && fromQuery !== '') return fromQuery;
  const fromAuth = (socket.handshake.auth as { token?: unknown }).token;
  return typeof fromAuth === 'string' && fromAuth !== '' ? fromAuth : undefined;
}

/**
 * socket.io on the API server: a session token is required (query `token`), each socket joins one room per
 * domain and kind it may see. Sockets whose session ends (logout, expiry) are dropped within a minute.
 */
export class Realtime implements Notifier {
  private io: Server<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData> | null = null;
  private sweep: NodeJS.Timeout | null = null;

  attach(server: HttpServer, authenticator: Authenticator, options: { corsOrigin?: string | undefined; sweepMs?: number } = {}): void {
    const io = new Server<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>(server, {
      path: SOCKET_PATH,
      serveClient: false,
      ...(options.corsOrigin ? { cors: { origin: options.corsOrigin } } : {}),
    });
    io.use((socket, next) => {
      const token = tokenOf(socket);
      if (!token) return next(new Error('Please log in.'));
      authenticator.authenticate(token).then(
        (principal) => {
          if (!principal) return next(new Error('Your session has expired. Please log in.'));
          socket.data.principal = principal;
          socket.data.token = token;
          next();
        },
        () => next(new Error('Could not check the session.')),
      );
    });
    io.on('connection', (socket) => {
      const { rooms, domains } = roomsFor(socket.data.principal);
      void socket.join(rooms);
      socket.emit('hello', { domains });
    });
    this.io = io;
    this.sweep = setInterval(() => void this.dropEndedSessions(authenticator), options.sweepMs ?? 60_000);
    this.sweep.unref();
  }

  private async dropEndedSessions(authenticator: Authenticator): Promise<void> {
    if (!this.io) return;
    for (const socket of await this.io.fetchSockets()) {
      const principal = await authenticator.authenticate(socket.data.token).catch(() => undefined);
      if (!principal) socket.disconnect(true);
    }
  }

  objectAlerts(domainUuid: string, eventIds: string[]): void {
    if (eventIds.length > 0) this.io?.to(eventsRoom(domainUuid)).emit('alert', { domain_uuid: domainUuid, ids: eventIds });
  }

  elopementAlerts(domainUuid: string, alertIds: string[]): void {
    if (alertIds.length > 0)
      this.io?.to(elopementRoom(domainUuid)).emit('elopement_risk', { domain_uuid: domainUuid, alert_ids: alertIds });
  }

  async close(): Promise<void> {
    if (this.sweep) clearInterval(this.sweep);
    const io = this.io;
    this.io = null;
    if (io) {
      io.disconnectSockets(true);
      // The HTTP server belongs to Fastify, which closes it; only socket.io's own state goes here.
      io.engine.close();
    }
  }
}
