import { type VigilEvent, type alertCategorySchema, type eventsQuerySchema } from '@vigil/contract';
import type { z } from 'zod';
import { requireEntitlement, type Principal } from '../../auth/principal.js';
import type { EventRow } from '../../db/schema.js';
import type { Clock } from '../../lib/clock.js';
import { signedFrameUrl } from '../../media/frames.js';
import { type FrameAvailability } from '../../media/frame-availability.js';
import type { MediaSigner } from '../../media/signing.js';
import type { CameraDirectory } from '../video/cameras.port.js';
import type { EventsRepository } from './events.repository.js';
import { decodeCursor, encodeCursor } from './pagination.js';

type EventsQuery = z.output<typeof eventsQuerySchema>;
type AlertCategory = z.infer<typeof alertCategorySchema>;

export class EventsService {
  constructor(
    private readonly d: {
      events: EventsRepository;
      cameras: CameraDirectory;
      signer: MediaSigner;
      clock: Clock;
      frames: FrameAvailability;
    },
  ) {}

  /** GET /api/events/v1/alerts: a page newest first and the cursor to the next one (null at the end). */
  async list(principal: Principal, q: EventsQuery): Promise<{ ok: true; data: VigilEvent[]; paginationToken: string | null }> {
    requireEntitlement(principal, q.domain_uuid, 'alerting', 'view_historic');
    // The page and the camera names in parallel: on PostgreSQL each is a round trip.
    const [rows, names] = await Promise.all([
      this.d.events.page({
        domain: q.domain_uuid,
        camera: q.camera_uuid,
        since: q.since === undefined ? undefined : Date.parse(q.since),
        until: q.until === undefined ? undefined : Date.parse(q.until),
        alertedOnly: q.alerted === true,
        after: q.pagination_token ? decodeCursor(q.pagination_token) : undefined,
        limit: q.limit + 1,
      }),
      this.cameraNames(q.domain_uuid),
    ]);
    const page = rows.slice(0, q.limit);
    const last = page.at(-1);
    const more = rows.length > q.limit && last !== undefined;
    await this.d.frames.prepare(page.map((r) => r.camera_uuid));
    const now = this.d.clock.now();
    return {
      ok: true,
      data: page.map((row) => this.toEvent(row, names, now)),
      paginationToken: more ? encodeCursor({ startedAt: last.started_at, id: last.id }) : null,
    };
  }

  /** Deleted cameras included: their events are history and keep the camera's name. */
  private cameraNames(domain: string): Promise<Map<string, string>> {
    return this.d.cameras.namesInDomain(domain);
  }

  toEvent(row: EventRow, cameraNames: Map<string, string>, now: number): VigilEvent {
    return {
      id: row.id,
      description: row.description,
      category: row.category as AlertCategory,
      camera_uuid: row.camera_uuid,
      camera_description: cameraNames.get(row.camera_uuid) ?? 'Removed camera',
      // The frame the detector sent, or one the video holds (cut when first asked for).
      thumbnail_uri: this.d.frames.pictured('event', row.id, row.camera_uuid, row.started_at)
        ? signedFrameUrl(this.d.signer, 'event', row.id, now)
        : null,
      alerted: row.alerted === 1,
      info: { started_at: new Date(row.started_at).toISOString(), objects: JSON.parse(row.objects) as string[] },
      metrics: JSON.parse(row.metrics) as VigilEvent['metrics'],
    };
  }
}
