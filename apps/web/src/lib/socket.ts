import { useEffect } from 'react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { SOCKET_PATH, type ClientToServerEvents, type ServerToClientEvents } from '@vigil/contract';
import { io, type Socket } from 'socket.io-client';
import { ELOPEMENT_ALERTS_QUERY_ROOT } from './api/get-elopement-alerts';
import { domainEventsQueryKey } from './api/get-events';
import { useSocketHost } from './api-host';
import { EVENTS_QUERY_ROOT } from './refresh';
import { useSession } from './session';
import { createStore, useStore } from './store';

/** off: signed out; connecting: first attempt; live: connected; offline: lost, socket.io is retrying; refused: the server said no. */
export type LiveSocketStatus = 'off' | 'connecting' | 'live' | 'offline' | 'refused';
export const liveSocketStatusStore = createStore<LiveSocketStatus>('off');

export function useLiveSocketStatus(): LiveSocketStatus {
  return useStore(liveSocketStatusStore);
}

/** The part of a socket.io client socket the wiring uses, so a test can hand in a fake. */
export interface LiveSocketLike {
  readonly active: boolean;
  on(event: 'connect' | 'disconnect', listener: () => void): unknown;
  on(event: 'connect_error', listener: (error: Error) => void): unknown;
  on<E extends keyof ServerToClientEvents>(event: E, listener: ServerToClientEvents[E]): unknown;
  disconnect(): unknown;
}

/**
 * The socket notifies, the API is the truth (spec part 1 §4 Live socket): 'alert' reloads the domain's events,
 * 'elopement_risk' rechecks its elopement alerts, and every (re)connect reloads both, since messages sent
 * while disconnected are lost.
 */
export function wireLiveSocket(socket: LiveSocketLike, queryClient: Pick<QueryClient, 'invalidateQueries'>): void {
  socket.on('connect', () => {
    liveSocketStatusStore.set('live');
    void queryClient.invalidateQueries({ queryKey: EVENTS_QUERY_ROOT });
    void queryClient.invalidateQueries({ queryKey: ELOPEMENT_ALERTS_QUERY_ROOT });
  });
  socket.on('disconnect', () => {
    liveSocketStatusStore.set(socket.active ? 'offline' : 'off');
  });
  socket.on('connect_error', (error) => {
    // A refused token ends up here too; e2e (and people) treat console.error as a fault, and this one is expected.
    if (socket.active) {
      liveSocketStatusStore.set('offline');
    } else {
      liveSocketStatusStore.set('refused');
      console.warn(`Live updates are off: ${error.message}`);
    }
  });
  socket.on('alert', (message) => {
    void queryClient.invalidateQueries({ queryKey: domainEventsQueryKey(message.domain_uuid) });
  });
  socket.on('elopement_risk', (message) => {
    void queryClient.invalidateQueries({ queryKey: [...ELOPEMENT_ALERTS_QUERY_ROOT, message.domain_uuid] });
  });
}

export type SocketFactory = (token: string, host: string) => LiveSocketLike;

/** socket.io on the socket host (this origin when empty), long-polling first then upgraded, with the session token. */
export const connectSocketIo: SocketFactory = (token, host) => {
  const options = { path: SOCKET_PATH, query: { token } };
  const socket: Socket<ServerToClientEvents, ClientToServerEvents> = host ? io(host, options) : io(options);
  return socket;
};

/** Connects and wires one socket; the returned function disconnects it. */
export function startLiveSocket(
  token: string,
  queryClient: Pick<QueryClient, 'invalidateQueries'>,
  connect: SocketFactory = connectSocketIo,
  host = '',
): () => void {
  liveSocketStatusStore.set('connecting');
  const socket = connect(token, host);
  wireLiveSocket(socket, queryClient);
  return () => {
    socket.disconnect();
    liveSocketStatusStore.set('off');
  };
}

/**
 * One live socket while someone is signed in; a new sign-in reconnects with the new token, logout disconnects, and a
 * new socket host (the dev endpoint flag switched) reconnects there.
 */
export function useLiveSocket(): void {
  const { authToken } = useSession();
  const queryClient = useQueryClient();
  const host = useSocketHost();
  useEffect(() => {
    if (!authToken) return;
    return startLiveSocket(authToken, queryClient, connectSocketIo, host);
  }, [authToken, queryClient, host]);
}
