import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { LIVE_STREAM, type LiveStreamEndReason } from '@vigil/contract';
import { WebSocketServer, type WebSocket } from 'ws';
import type { LiveFeed, LiveSink, StreamInfo } from '../../media/live-feed.js';

/** /media/live/<lease>/<camera>/stream: the lease's low-latency stream. */
const STREAM_PATH = /^\/media\/live\/([\w-]{20,100})\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\/stream$/;

interface OpenStream {
  allowed(): Promise<boolean>;
  end(): void;
}

/**
 * The low-latency streams being watched. Each holds a right to play (a viewer's lease, an analyzer's camera lease)
 * that is checked again every `recheckMs`: one whose lease, session or role ended is closed, as the HLS files stop
 * being served at the next request.
 */
export class OpenStreams {
  private readonly streams = new Set<OpenStream>();
  private timer: NodeJS.Timeout | undefined;
  private checking = false;

  constructor(private readonly recheckMs = 1000) {}

  add(stream: OpenStream): () => void {
    this.streams.add(stream);
    if (!this.timer) {
      this.timer = setInterval(() => void this.recheck(), this.recheckMs);
      this.timer.unref();
    }
    return () => {
      this.streams.delete(stream);
      if (this.streams.size === 0) {
        clearInterval(this.timer);
        this.timer = undefined;
      }
    };
  }

  get size(): number {
    return this.streams.size;
  }

  async recheck(): Promise<void> {
    if (this.checking) return;
    this.checking = true;
    try {
      for (const stream of [...this.streams]) {
        const allowed = await stream.allowed().catch(() => false);
        if (!allowed && this.streams.has(stream)) stream.end();
      }
    } finally {
      this.checking = false;
    }
  }

  closeAll(): void {
    for (const stream of [...this.streams]) stream.end();
  }
}

/** A viewer's WebSocket as a feed's sink: the init message as text, media as binary messages. */
function socketSink(socket: WebSocket): LiveSink {
  return {
    open: (info: StreamInfo) => socket.send(JSON.stringify({ type: 'init', ...info })),
    send: (bytes) => socket.send(bytes, { binary: true }),
    backlog: () => socket.bufferedAmount,
    close: (reason: LiveStreamEndReason) => endSocket(socket, reason),
  };
}

function endSocket(socket: WebSocket, reason: LiveStreamEndReason): void {
  if (socket.readyState !== socket.OPEN) return;
  // A viewer that stopped reading would not read a closing handshake either: its queue is freed at once.
  if (reason === 'too_slow') return socket.terminate();
  socket.send(JSON.stringify({ type: 'end', reason }));
  socket.close(LIVE_STREAM.closeCodes[reason], reason);
}

/** Refuses an upgrade with a plain HTTP reply (a browser sees only that the socket failed; the player falls back). */
function refuse(socket: Duplex, status: 403 | 404, message: string): void {
  const body = JSON.stringify({ ok: false, err: message });
  socket.end(
    `HTTP/1.1 ${status} ${status === 403 ? 'Forbidden' : 'Not Found'}\r\nContent-Type: application/json\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  );
}

/**
 * Serves the low-latency stream over WebSocket upgrades on the API server. Only its own paths are taken; every other
 * upgrade (socket.io's) is left alone. Nothing here logs the address: it holds the lease.
 */
export function attachLiveStreams(
  server: Server,
  deps: {
    allowed(lease: string, camera: string): Promise<boolean>;
    feed(camera: string): LiveFeed | undefined;
    streams: OpenStreams;
    log: { warn(obj: object, msg?: string): void };
  },
): () => void {
  // Fragments are small and sent as they come: no per-message compression (it would cost CPU for video).
  const wss = new WebSocketServer({ noServer: true, perMessageDeflate: false, maxPayload: 4096 });
  // Every connection taken here, until it closes: at shutdown each is cut, whatever state its closing handshake is in.
  const sockets = new Set<Duplex>();
  const onUpgrade = (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    const match = STREAM_PATH.exec((request.url ?? '').split('?')[0]!);
    if (!match) return;
    const [, lease, camera] = match as unknown as [string, string, string];
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => undefined);
    deps.allowed(lease, camera).then(
      (allowed) => {
        if (!allowed) return refuse(socket, 403, 'This live stream has ended.');
        wss.handleUpgrade(request, socket, head, (ws) => serve(ws, lease, camera));
      },
      (err: unknown) => {
        deps.log.warn({ err }, 'live stream check failed');
        refuse(socket, 403, 'This live stream has ended.');
      },
    );
  };
  const serve = (ws: WebSocket, lease: string, camera: string) => {
    const feed = deps.feed(camera);
    if (!feed) return endSocket(ws, 'stopped');
    const subscription = feed.subscribe(socketSink(ws));
    const forget = deps.streams.add({ allowed: () => deps.allowed(lease, camera), end: () => endSocket(ws, 'ended') });
    ws.on('close', () => {
      subscription.unsubscribe();
      forget();
    });
    ws.on('error', () => ws.terminate());
    // The client says nothing; anything it sends is ignored.
    ws.on('message', () => undefined);
  };
  server.on('upgrade', onUpgrade);
  return () => {
    server.off('upgrade', onUpgrade);
    for (const client of wss.clients) client.terminate();
    for (const socket of sockets) socket.destroy();
    wss.close();
  };
}
