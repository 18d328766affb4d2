import {
  ANALYZER,
  type AnalyzerChangesReply,
  type AnalyzerHeartbeatBody,
  type AnalyzerHeartbeatReply,
  type GalleryReply,
  type IngestBatch,
  type IngestReply,
  type ModelPrototypesReply,
} from '@vigil/contract';

/** A long poll of changes is given this long beyond the server's wait before it counts as lost. */
const CHANGES_GRACE_MS = 15_000;

/** A refusal the server gave a reason for (4xx): sending the same again will not help. */
export class Refused extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/** The calls an analyzer makes to a Vigil server, with its detector (or deployment) key. */
export class VigilClient {
  constructor(
    readonly baseUrl: string,
    private readonly key: string,
    private readonly timeoutMs = 15_000,
  ) {}

  /** An absolute URL for a path the server handed out (live playlists and photos are relative to it). */
  resolve(path: string): string {
    return new URL(path, `${this.baseUrl}/`).toString();
  }

  private async call<T>(
    method: 'GET' | 'POST',
    path: string,
    body?: unknown,
    o: { signal?: AbortSignal; timeoutMs?: number } = {},
  ): Promise<T> {
    const timeout = AbortSignal.timeout(o.timeoutMs ?? this.timeoutMs);
    const response = await fetch(this.resolve(path), {
      method,
      headers: { authorization: `Bearer ${this.key}`, ...(body !== undefined && { 'content-type': 'application/json' }) },
      ...(body !== undefined && { body: JSON.stringify(body) }),
      signal: o.signal ? AbortSignal.any([o.signal, timeout]) : timeout,
    });
    const text = await response.text();
    if (response.status >= 400 && response.status < 500) {
      let message = text.slice(0, 300);
      try {
        message = (JSON.parse(text) as { error?: string }).error ?? message;
      } catch {
        // not JSON: the text itself
      }
      throw new Refused(response.status, message);
    }
    if (!response.ok) throw new Error(`${method} ${path}: HTTP ${response.status}`);
    return JSON.parse(text) as T;
  }

  heartbeat(body: AnalyzerHeartbeatBody): Promise<AnalyzerHeartbeatReply> {
    return this.call('POST', '/api/ingest/v1/analyzers/heartbeat', body);
  }

  /**
   * The long poll of changes: answers when a camera this analyzer holds becomes an exit, stops being one or leaves
   * (compared with `since`, the last state it applied), or after the server's wait with `changed: false`.
   */
  changes(analyzerId: string, since: string | null, signal: AbortSignal): Promise<AnalyzerChangesReply> {
    const query = new URLSearchParams({ analyzer_id: analyzerId, ...(since !== null && { since }) });
    return this.call('GET', `/api/ingest/v1/analyzers/changes?${query.toString()}`, undefined, {
      signal,
      timeoutMs: ANALYZER.changesWaitSeconds * 1000 + CHANGES_GRACE_MS,
    });
  }

  gallery(domain: string, version: string | null, embedder?: string): Promise<GalleryReply & { changed: boolean }> {
    const query = new URLSearchParams({ domain_uuid: domain, ...(version !== null && { version }), ...(embedder && { embedder }) });
    return this.call('GET', `/api/ingest/v1/gallery?${query.toString()}`);
  }

  /** A loaded model's prototypes (the gallery reply names the model). */
  modelPrototypes(domain: string, uuid: string): Promise<ModelPrototypesReply> {
    return this.call('GET', `/api/ingest/v1/model?${new URLSearchParams({ domain_uuid: domain, uuid }).toString()}`);
  }

  /** The embeddings this analyzer made of registry photos: the server keeps them (per embedder) for training. */
  photoEmbeddings(
    domain: string,
    embedder: string,
    photos: { image_uuid: string; embedding: string }[],
  ): Promise<{ ok: true; stored: number }> {
    return this.call('POST', '/api/ingest/v1/gallery/embeddings', { domain_uuid: domain, embedder, photos });
  }

  batch(batch: IngestBatch): Promise<IngestReply> {
    return this.call('POST', '/api/ingest/v1/batch', batch);
  }

  /** A file the server signed a link to (a registry photo). */
  async download(path: string): Promise<Buffer> {
    const response = await fetch(this.resolve(path), { signal: AbortSignal.timeout(this.timeoutMs) });
    if (!response.ok) throw new Error(`download: HTTP ${response.status}`);
    return Buffer.from(await response.arrayBuffer());
  }
}
