import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { elopementAlertsQueryKey } from './api/get-elopement-alerts';
import { alertsFeedQueryOptions, eventsQueryKey } from './api/get-events';
import { liveSocketStatusStore, startLiveSocket, wireLiveSocket, type LiveSocketLike } from './socket';

const MAPLE = '5f0c8a2e-6b1d-4c3e-9a47-0d2b7e1f3a01';
const BIRCH = '8e3d1b7c-2a4f-4e6d-8b19-5c0a9f2e4b02';

/** A socket whose events the test fires by hand. */
class FakeSocket implements LiveSocketLike {
  active = true;
  disconnected = false;
  private listeners = new Map<string, ((...args: never[]) => void)[]>();
  on(event: string, listener: (...args: never[]) => void): this {
    this.listeners.set(event, [...(this.listeners.get(event) ?? []), listener]);
    return this;
  }
  emit(event: string, ...args: unknown[]): void {
    for (const listener of this.listeners.get(event) ?? []) (listener as (...a: unknown[]) => void)(...args);
  }
  disconnect(): this {
    this.disconnected = true;
    this.active = false;
    this.emit('disconnect', 'io client disconnect');
    return this;
  }
}

function cacheWithQueries() {
  const queryClient = new QueryClient();
  const keys = {
    mapleLatest: eventsQueryKey({ domain_uuid: MAPLE, limit: 150 }),
    birchFeed: alertsFeedQueryOptions(BIRCH).queryKey,
    birchLatest: eventsQueryKey({ domain_uuid: BIRCH, limit: 150 }),
    mapleElopement: elopementAlertsQueryKey(MAPLE),
    birchElopement: elopementAlertsQueryKey(BIRCH),
    domains: ['domains'],
  };
  for (const key of Object.values(keys)) queryClient.setQueryData(key, { any: 'data' });
  const invalidated = () =>
    Object.entries(keys)
      .filter(([, key]) => queryClient.getQueryState(key)?.isInvalidated)
      .map(([name]) => name)
      .sort();
  return { queryClient, invalidated };
}

describe('wireLiveSocket', () => {
  it('invalidates every events and elopement-alert query on connect, and again on each reconnect', () => {
    const socket = new FakeSocket();
    const { queryClient, invalidated } = cacheWithQueries();
    wireLiveSocket(socket, queryClient);
    expect(invalidated()).toEqual([]);
    socket.emit('connect');
    expect(invalidated()).toEqual(['birchElopement', 'birchFeed', 'birchLatest', 'mapleElopement', 'mapleLatest']);
    expect(liveSocketStatusStore.get()).toBe('live');

    const spy = vi.spyOn(queryClient, 'invalidateQueries');
    socket.emit('disconnect', 'transport close');
    expect(liveSocketStatusStore.get()).toBe('offline');
    socket.emit('connect');
    expect(spy).toHaveBeenCalledWith({ queryKey: ['events'] });
    expect(spy).toHaveBeenCalledWith({ queryKey: ['elopement-alerts'] });
  });

  it("reloads only the named domain's events on 'alert', including the infinite alerts feed", () => {
    const socket = new FakeSocket();
    const { queryClient, invalidated } = cacheWithQueries();
    wireLiveSocket(socket, queryClient);
    socket.emit('alert', { domain_uuid: BIRCH, ids: ['e1'] });
    expect(invalidated()).toEqual(['birchFeed', 'birchLatest']);
  });

  it("rechecks only the named domain's elopement alerts on 'elopement_risk'", () => {
    const socket = new FakeSocket();
    const { queryClient, invalidated } = cacheWithQueries();
    wireLiveSocket(socket, queryClient);
    socket.emit('elopement_risk', { domain_uuid: MAPLE, alert_ids: ['a1'] });
    expect(invalidated()).toEqual(['mapleElopement']);
  });

  it('a refused token is a warning, not an error, and the status says refused', () => {
    const socket = new FakeSocket();
    socket.active = false;
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    wireLiveSocket(socket, new QueryClient());
    socket.emit('connect_error', new Error('invalid token'));
    expect(error).not.toHaveBeenCalled();
    expect(warn).toHaveBeenCalledWith('Live updates are off: invalid token');
    expect(liveSocketStatusStore.get()).toBe('refused');
    error.mockRestore();
    warn.mockRestore();
  });

  it('a transient connection failure is quiet while socket.io retries', () => {
    const socket = new FakeSocket();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    wireLiveSocket(socket, new QueryClient());
    socket.emit('connect_error', new Error('xhr poll error'));
    expect(warn).not.toHaveBeenCalled();
    expect(liveSocketStatusStore.get()).toBe('offline');
    warn.mockRestore();
  });
});

describe('startLiveSocket', () => {
  it('connects to the socket host with the token and disconnects when stopped', () => {
    const socket = new FakeSocket();
    const connect = vi.fn(() => socket);
    const stop = startLiveSocket('tok', new QueryClient(), connect, 'https://api.dev.example');
    expect(connect).toHaveBeenCalledWith('tok', 'https://api.dev.example');
    expect(liveSocketStatusStore.get()).toBe('connecting');
    stop();
    expect(socket.disconnected).toBe(true);
    expect(liveSocketStatusStore.get()).toBe('off');
  });
});
