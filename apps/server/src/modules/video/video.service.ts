import type { AuditActor, AuditService } from '../audit/audit.service.js';
import { randomUUID } from 'node:crypto';
import {
  hasOperation,
  hasService,
  deriveCameraCategory,
  deriveCameraFloor,
  formatUtc,
  rtspUrl,
  sortCameras,
  validateLongClipRange,
  type CameraEditBody,
  type CameraStatus,
  type Clip,
  type ClipReply,
} from '@vigil/contract';
import type { z } from 'zod';
import type { cameraUploadBodySchema, clipBodySchema } from '@vigil/contract';
import { requireEntitlement, type Principal } from '../../auth/principal.js';
import type { Db } from '../../db/database.js';
import type { CameraRow, ClipRow } from '../../db/schema.js';
import type { Clock } from '../../lib/clock.js';
import { SecretBox } from '../../lib/secret-box.js';
import { randomToken, sha256Hex } from '../../lib/hash.js';
import { HttpError, badRequest, notFound } from '../../lib/http-error.js';
import type { Exports } from '../../media/exports.js';
import type { Recorders } from '../../media/recorders.js';
import { stableExpiry, type MediaSigner } from '../../media/signing.js';
import type { CamerasRepository } from './cameras.repository.js';
import type { LiveLeasesRepository } from './leases.repository.js';
import type { ClipsRepository } from './clips.repository.js';

export const CLIP_URL_TTL_MS = 6 * 3600_000;
/** Clip links signed within the same hour are the same URL (valid for 6 to 7 hours), so the browser's cache serves them. */
const CLIP_URL_STEP_MS = 3600_000;
const PLAYLIST_BEFORE = 10;
const PLAYLIST_AFTER = 10;
const SHORT_CLIP_LOOKAHEAD_MS = 10 * 60_000;

export interface VideoDeps {
  /** starts the transactions this service owns (see db/database.ts) */
  db: Db;
  cameras: CamerasRepository;
  clips: ClipsRepository;
  leases: LiveLeasesRepository;
  signer: MediaSigner;
  recorders: Recorders | undefined;
  /** long-clip downloads (absent without ffmpeg) */
  exports: Exports | undefined;
  clock: Clock;
  clipSeconds: number;
  /** seals camera passwords for the database (they are stored encrypted) */
  passwords: SecretBox;
  /** whether a camera host is on a network cameras may use (VIGIL_CAMERA_NETWORKS) */
  hostAllowed(host: string): Promise<boolean>;
  /** starts recorders for cameras added at run time */
  onCamerasChanged(): Promise<void>;
  /** records who watched, played, downloaded and changed what */
  audit: AuditService;
}

/** The URL a recorder connects to, with the password opened from its sealed form (one stored before sealing is plain). */
export const cameraSource = (c: CameraRow, passwords: SecretBox) => ({
  uuid: c.uuid,
  url: rtspUrl({
    protocol: c.protocol === 'rtsps' ? 'rtsps' : 'rtsp',
    host: c.host,
    port: c.port,
    path: c.path,
    ...(c.username ? { username: c.username } : {}),
    ...(c.password ? { password: SecretBox.isSealed(c.password) ? passwords.open(c.password) : c.password } : {}),
  }),
});

/** Seals the camera passwords stored in clear (before they were kept encrypted), in one transaction; returns how many. */
export async function sealPlainPasswords(db: Db, cameras: CamerasRepository, passwords: SecretBox): Promise<number> {
  const plain = (await cameras.passwords()).filter((c) => !SecretBox.isSealed(c.password));
  await db.transaction().execute(async (trx) => {
    for (const camera of plain) await cameras.setPassword(trx, camera.uuid, passwords.seal(camera.password));
  });
  return plain.length;
}

/** Live leases, recorded clips, long clips and the camera list, each behind the caller's video entitlements. */
export class VideoService {
  constructor(private readonly d: VideoDeps) {}

  /**
   * The camera, if the principal may use `operation` (or the video service) in its domain; 404 for unknown cameras.
   * A deleted camera is unknown too, except to read what it recorded (`view_historic`): its clips are history.
   */
  private async camera(
    principal: Principal,
    uuid: string,
    operation?: 'view_live' | 'view_historic' | 'edit' | 'delete',
  ): Promise<CameraRow> {
    const camera = await this.d.cameras.findOne(uuid);
    const gone = camera !== undefined && camera.removed_at !== null && operation !== 'view_historic';
    // Another building's camera answers like an unknown one: the reply says nothing about cameras one cannot see.
    if (!camera || gone || !hasService(principal.entitlements[camera.domain_uuid], 'video')) throw notFound('No such camera.');
    requireEntitlement(principal, camera.domain_uuid, 'video', operation);
    return camera;
  }

  private clipOut(row: ClipRow): Clip {
    return {
      start: formatUtc(new Date(row.start_ms)),
      duration: row.duration_ms / 1000,
      pre_signed_url: this.d.signer.sign(row.file, stableExpiry(this.d.clock.now(), CLIP_URL_TTL_MS, CLIP_URL_STEP_MS)),
    };
  }

  async startLive(principal: Principal, cameraUuid: string, duration: number, viewer: AuditActor) {
    const camera = await this.camera(principal, cameraUuid, 'view_live');
    const lease = randomToken();
    await this.d.leases.create({
      idHash: sha256Hex(lease),
      camera: camera.uuid,
      userId: principal.user.id,
      sessionHash: sha256Hex(principal.token),
      now: this.d.clock.now(),
      durationMs: duration * 1000,
      viewer: JSON.stringify({ email: viewer.email, address: viewer.address }),
    });
    const dir = `/media/live/${lease}/${camera.uuid}/`;
    return { ok: true as const, time_to_live: duration, dir, url: `${dir}index.m3u8`, stream_url: `${dir}stream` };
  }

  /**
   * Whether a live lease still opens the camera's video (HLS and the low-latency stream): the lease runs, its session
   * is signed in, the camera exists, and the user still holds video/view_live in the camera's building.
   */
  liveLeaseAllows(lease: string, cameraUuid: string): Promise<boolean> {
    return this.d.leases.opens(sha256Hex(lease), cameraUuid, this.d.clock.now());
  }

  /**
   * Audits the live viewings that ended (their lease ran out, or `sessionHash` signed out): camera, from, to. Runs
   * every minute and at sign-out; each ended lease is written once, on whichever server ended it.
   */
  async endViewings(sessionHash?: string): Promise<number> {
    const now = this.d.clock.now();
    const ended = await this.d.leases.takeEnded(now, sessionHash);
    for (const lease of ended) {
      const viewer = lease.viewer ? (JSON.parse(lease.viewer) as { email: string | null; address: string | null }) : null;
      const to = Math.min(Number(lease.expires_at), now);
      await this.d.audit.record(
        { userId: lease.user_id, email: viewer?.email ?? null, address: viewer?.address ?? null },
        {
          action: 'watched_live',
          camera: lease.camera_uuid,
          detail: { from: new Date(Number(lease.started_at ?? to)).toISOString(), to: new Date(to).toISOString() },
        },
      );
    }
    return ended.length;
  }

  async heartbeat(principal: Principal, cameraUuid: string, duration: number) {
    const camera = await this.camera(principal, cameraUuid, 'view_live');
    const now = this.d.clock.now();
    const session = sha256Hex(principal.token);
    const givenMs = await this.d.db.transaction().execute((trx) => this.d.leases.extend(trx, session, camera.uuid, now, duration * 1000));
    if (givenMs === 0) throw notFound('This live stream has ended. Start it again.');
    return { status: 'ok' as const, time_to_live: givenMs / 1000 };
  }

  async clip(principal: Principal, body: z.infer<typeof clipBodySchema>): Promise<ClipReply> {
    const camera = await this.camera(principal, body.camera_uuid, 'view_historic');
    const at = Date.parse(body.timestamp);
    const now = this.d.clock.now();
    if (at > now) return { ok: false, err: 'That time is in the future.', reason: 'no_recording' };
    const holder = await this.d.clips.startingAtOrBefore(camera.uuid, at);
    if (holder && at < holder.start_ms + holder.duration_ms) {
      return { ok: true, ...this.clipOut(holder), offset_seconds: (at - holder.start_ms) / 1000 };
    }
    const next = await this.d.clips.firstAfter(camera.uuid, at);
    const recentlyRecorded = now - at < this.d.clipSeconds * 2000 + 10_000;
    if (!next && recentlyRecorded) return { ok: false, err: 'This moment is still being recorded.', reason: 'still_recording' };
    if (next && body.cliptype === 'available_aligned_or_short' && next.start_ms - at <= SHORT_CLIP_LOOKAHEAD_MS) {
      return { ok: true, ...this.clipOut(next), offset_seconds: 0 };
    }
    return { ok: false, err: 'There is no recording at that time.', reason: 'no_recording' };
  }

  async playlist(principal: Principal, cameraUuid: string, timestamp: string) {
    const camera = await this.camera(principal, cameraUuid, 'view_historic');
    const rows = await this.d.clips.around(camera.uuid, Date.parse(timestamp), PLAYLIST_BEFORE, PLAYLIST_AFTER);
    return { ok: true as const, clips: rows.map((r) => this.clipOut(r)) };
  }

  async spans(principal: Principal, cameraUuid: string, start: string, end: string, bucketSeconds: number) {
    const camera = await this.camera(principal, cameraUuid, 'view_historic');
    const startMs = Date.parse(start);
    const endMs = Date.parse(end);
    if (endMs <= startMs) throw badRequest('end must be after start');
    const spans = await this.d.clips.spans(camera.uuid, startMs, endMs, bucketSeconds * 1000);
    return { ok: true as const, spans: spans.map((s) => ({ start: formatUtc(new Date(s.start)), end: formatUtc(new Date(s.end)) })) };
  }

  /** Joins the clips of the range into one MP4 without transcoding and hands out a download link. */
  async longClip(principal: Principal, cameraUuid: string, start: string, end: string) {
    const camera = await this.camera(principal, cameraUuid, 'view_historic');
    const startMs = Date.parse(start);
    const endMs = Date.parse(end);
    const problem = validateLongClipRange(new Date(startMs), new Date(endMs), new Date(this.d.clock.now()));
    if (problem) throw badRequest(problem);
    const rows = await this.d.clips.overlapping(camera.uuid, startMs, endMs);
    if (rows.length === 0) throw notFound('There are no recordings in that time range.');
    if (!this.d.exports) throw new HttpError(404, 'Video tools are not installed on this server.');
    // The exports folder has a cap: a new long clip waits until downloads made room (they go once fetched, or in a day).
    if (this.d.exports.full()) throw new HttpError(429, 'The server holds too many long clips right now. Please try again later.');
    const offset = Math.max(0, (startMs - rows[0]!.start_ms) / 1000);
    const output = await this.d.exports.make(
      rows.map((r) => r.file),
      offset,
      (endMs - startMs) / 1000,
    );
    const slug = camera.description
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '');
    const filename = `vigil-${slug}-${formatUtc(new Date(startMs)).replace(/[:]/g, '')}.mp4`;
    const url = `${this.d.signer.sign(output, this.d.clock.now() + 3600_000)}?download=${encodeURIComponent(filename)}`;
    return { ok: true as const, data: { url, filename } };
  }

  async cameraStatuses(principal: Principal, domainUuid: string): Promise<CameraStatus[]> {
    requireEntitlement(principal, domainUuid, 'video');
    // A recorder's error (redacted at the source) is for those who manage cameras; others see the state only.
    const managesCameras = hasOperation(principal.entitlements[domainUuid], 'video', 'add');
    const editsCameras = hasOperation(principal.entitlements[domainUuid], 'video', 'edit');
    const cameras = await this.d.cameras.inDomain(domainUuid);
    const latest = await this.d.clips.latestStarts(cameras.map((c) => c.uuid));
    const expires = this.d.clock.now() + 3600_000;
    const statuses = cameras.map((c): CameraStatus => {
      const status = this.d.recorders?.status(c.uuid);
      const feed = managesCameras ? this.d.recorders?.feed(c.uuid)?.stats() : undefined;
      const latestStart = latest.get(c.uuid);
      return {
        uuid: c.uuid,
        description: c.description,
        category: deriveCameraCategory(c.description),
        floor: c.floor,
        label: c.label,
        state: status?.state ?? 'stopped',
        since: status?.since ? formatUtc(new Date(status.since)) : null,
        error: managesCameras ? (status?.error ?? null) : null,
        latest_clip_start: latestStart ? formatUtc(new Date(latestStart)) : null,
        // The live picture is there before the first clip is finished.
        thumbnail_url: latestStart || this.d.recorders?.hasThumbnail(c.uuid) ? this.d.signer.sign(`thumbs/${c.uuid}.jpg`, expires) : null,
        is_exit: c.is_exit === 1,
        connection: editsCameras
          ? {
              protocol: c.protocol === 'rtsps' ? 'rtsps' : 'rtsp',
              host: c.host,
              port: c.port,
              path: c.path,
              username: c.username,
              has_password: c.password !== null,
            }
          : null,
        live_stream: feed ? { readers: feed.viewers, skipped: feed.skipped, dropped: feed.dropped } : null,
      };
    });
    return sortCameras(statuses);
  }

  /** Changes a camera (video/edit): the new host must be on an allowed network; the recorder reconnects with the new URL. */
  async editCamera(principal: Principal, uuid: string, body: CameraEditBody) {
    const camera = await this.camera(principal, uuid, 'edit');
    if (body.host !== undefined && !(await this.d.hostAllowed(body.host)))
      throw badRequest(`Camera host ${body.host} is not on a network cameras may use here (VIGIL_CAMERA_NETWORKS).`);
    await this.d.cameras.update(camera.uuid, {
      ...(body.name !== undefined && { description: body.name, floor: deriveCameraFloor(body.name) }),
      ...(body.protocol !== undefined && { protocol: body.protocol }),
      ...(body.host !== undefined && { host: body.host }),
      ...(body.port !== undefined && { port: body.port }),
      ...(body.path !== undefined && { path: body.path }),
      ...(body.username !== undefined && { username: body.username }),
      ...(body.password !== undefined && { password: body.password === '' ? null : this.d.passwords.seal(body.password) }),
    });
    await this.d.onCamerasChanged();
    return { ok: true as const, camera: { uuid: camera.uuid, name: body.name ?? camera.description } };
  }

  /**
   * Deletes a camera (video/delete): it leaves the lists, stops recording and its live views end. What it recorded stays
   * (events, alerts and clips, until the retention sweep removes old clips), under its name.
   */
  async removeCamera(principal: Principal, uuid: string) {
    const camera = await this.camera(principal, uuid, 'delete');
    const now = this.d.clock.now();
    if (!(await this.d.db.transaction().execute((trx) => this.d.cameras.remove(trx, camera.uuid, now)))) throw notFound('No such camera.');
    await this.d.onCamerasChanged();
    return { ok: true as const, camera: { uuid: camera.uuid, name: camera.description } };
  }

  /** Adds cameras (video/add in each record's domain, hosts on allowed networks; all or nothing) and starts recording them. */
  async upload(principal: Principal, records: z.infer<typeof cameraUploadBodySchema>) {
    const now = this.d.clock.now();
    for (const r of records) requireEntitlement(principal, (r.domainUUID ?? r.domainId)!, 'video', 'add');
    for (const r of records) {
      if (!(await this.d.hostAllowed(r.host)))
        throw badRequest(`Camera host ${r.host} is not on a network cameras may use here (VIGIL_CAMERA_NETWORKS).`);
    }
    const rows = records.map((r) => {
      const domain = (r.domainUUID ?? r.domainId)!;
      return {
        uuid: r.uuid ?? randomUUID(),
        domain_uuid: domain,
        description: r.name,
        floor: deriveCameraFloor(r.name),
        label: null,
        protocol: r.protocol,
        host: r.host,
        port: r.port,
        path: r.path,
        username: r.username ?? null,
        password: r.password ? this.d.passwords.seal(r.password) : null,
        created_at: now,
      };
    });
    for (const row of rows)
      if (await this.d.cameras.findOne(row.uuid)) throw new HttpError(409, `A camera with uuid ${row.uuid} exists already.`);
    await this.d.db.transaction().execute((trx) => this.d.cameras.insertMany(trx, rows));
    await this.d.onCamerasChanged();
    return { ok: true as const, cameras: rows.map((r) => ({ uuid: r.uuid, name: r.description })) };
  }
}
