import { randomUUID } from 'node:crypto';
import type { AnalyzerAssignment, IngestBatch } from '@vigil/contract';
import { Refused, VigilClient } from './client.js';
import { FrameSampler, FrameSource, type Frame } from './frames.js';
import { GalleryBook } from './gallery-book.js';
import { DEFAULT_CALIBRATION, decideMatch, decideModelMatch, type Calibration } from './match.js';
import { EMBEDDER } from './embedder.js';
import type { Models } from './models.js';
import { MotionGate } from './motion.js';
import { ObjectEventGate, isReportedClass, objectEvent } from './object-events.js';
import { faceCrop, frameJpeg } from './pictures.js';
import { nextInRotation } from './rotation.js';
import { Sender } from './sender.js';
import { CameraStats } from './stats.js';

export interface AnalyzerSettings {
  serverUrl: string;
  key: string;
  name: string;
  /** cameras it takes at most */
  capacity: number;
  /** frames sampled per camera per second (before the motion gate) */
  fps: number;
  /** objects are looked for at most this often per camera (ms); faces on every analysed frame */
  objectIntervalMs: number;
  /** a face is named (sent with the person) from this confidence on */
  minMatchConfidence: number;
  calibration?: Calibration;
  /** frames wider than this are scaled down before the models */
  maxWidth: number;
  ffmpeg: string;
  galleryPollMs: number;
}

export interface Log {
  info(message: string): void;
  warn(message: string): void;
}

interface CameraWork {
  assignment: AnalyzerAssignment;
  source: FrameSource;
  sampler: FrameSampler;
  motion: MotionGate;
  objects: ObjectEventGate;
  stats: CameraStats;
  pending: (Frame & { moving: boolean }) | null;
  lastObjectsAt: number;
}

const embeddingBase64 = (embedding: Float32Array) =>
  Buffer.from(embedding.buffer, embedding.byteOffset, embedding.byteLength).toString('base64');

/**
 * Vigil's analyzer: takes cameras from the server by lease, reads their live video, gates still frames out, runs the
 * face and object models on the rest, matches faces 1:N against the building's gallery and sends what it sees to the
 * ingest API. One model run at a time (the WASM backend uses one core), the busy cameras in rotation; frames that wait
 * are replaced by newer ones.
 */
export class Analyzer {
  readonly id = randomUUID();
  private readonly client: VigilClient;
  private readonly galleries: GalleryBook;
  private readonly sender: Sender;
  private readonly cameras = new Map<string, CameraWork>();
  private stopped = false;
  private heartbeatTimer: NodeJS.Timeout | null = null;
  private galleryTimer: NodeJS.Timeout | null = null;
  private lastHeartbeatOk = Date.now();
  private leaseMs = 30_000;
  private wake: (() => void) | null = null;
  private lastServed: string | null = null;
  private working: Promise<void> = Promise.resolve();

  constructor(
    private readonly settings: AnalyzerSettings,
    private readonly models: Models,
    private readonly log: Log,
  ) {
    this.client = new VigilClient(settings.serverUrl, settings.key);
    this.galleries = new GalleryBook(this.client, models, log);
    this.sender = new Sender(this.client, log);
  }

  start(): void {
    void this.heartbeat();
    this.working = this.work();
    const syncGalleries = async () => {
      for (const domain of new Set([...this.cameras.values()].map((c) => c.assignment.domain_uuid))) {
        await this.galleries.sync(domain).catch((err: unknown) => this.log.warn(`gallery of ${domain} not updated: ${String(err)}`));
      }
      if (!this.stopped) this.galleryTimer = setTimeout(() => void syncGalleries(), this.settings.galleryPollMs);
    };
    void syncGalleries();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.heartbeatTimer) clearTimeout(this.heartbeatTimer);
    if (this.galleryTimer) clearTimeout(this.galleryTimer);
    for (const camera of this.cameras.values()) camera.source.stop();
    this.cameras.clear();
    this.wake?.();
    await this.working;
    await this.sender.flush();
  }

  /** Reports, renews its leases, and starts or stops cameras as the server assigns them. */
  private async heartbeat(): Promise<void> {
    let nextMs = 10_000;
    try {
      const now = Date.now();
      const reply = await this.client.heartbeat({
        analyzer_id: this.id,
        name: this.settings.name,
        capacity: this.settings.capacity,
        cameras: [...this.cameras.entries()].map(([uuid, c]) => c.stats.report(uuid, now)),
      });
      this.lastHeartbeatOk = Date.now();
      this.leaseMs = reply.lease_seconds * 1000;
      nextMs = reply.heartbeat_seconds * 1000;
      this.assign(reply.assignments);
    } catch (err) {
      this.log.warn(`heartbeat failed: ${err instanceof Refused ? `${err.status} ${err.message}` : String(err)}`);
      // Without a renewal the leases end: another analyzer takes the cameras, so this one lets them go.
      if (Date.now() - this.lastHeartbeatOk > this.leaseMs) this.assign([]);
      nextMs = 3_000;
    }
    if (!this.stopped) this.heartbeatTimer = setTimeout(() => void this.heartbeat(), nextMs);
  }

  private assign(assignments: AnalyzerAssignment[]): void {
    const wanted = new Map(assignments.map((a) => [a.camera_uuid, a]));
    for (const [uuid, camera] of this.cameras) {
      const next = wanted.get(uuid);
      // A new lease (the camera was lost and taken again) has a new live URL.
      if (!next || next.stream_url !== camera.assignment.stream_url) {
        camera.source.stop();
        this.cameras.delete(uuid);
        if (!next) this.log.info(`camera ${camera.assignment.description} released`);
      } else camera.assignment = next;
    }
    for (const [uuid, assignment] of wanted) if (!this.cameras.has(uuid)) this.startCamera(assignment);
    this.galleries.keepOnly(new Set(assignments.map((a) => a.domain_uuid)));
  }

  private startCamera(assignment: AnalyzerAssignment): void {
    const now = Date.now();
    const stats = new CameraStats(now);
    const work: CameraWork = {
      assignment,
      stats,
      sampler: new FrameSampler(this.settings.fps),
      motion: new MotionGate(),
      objects: new ObjectEventGate(),
      pending: null,
      lastObjectsAt: -Infinity,
      source: new FrameSource({
        ffmpeg: this.settings.ffmpeg,
        url: this.client.resolve(assignment.stream_url),
        // ffmpeg hands over a few more frames than sampled, so the sampler can keep its pace by the filming time.
        maxFps: Math.max(1, Math.ceil(this.settings.fps * 2)),
        maxWidth: this.settings.maxWidth,
        onFrame: (frame) => this.onFrame(work, frame),
        onError: (message) => {
          stats.error = message;
          this.log.warn(`camera ${assignment.description}: ${message}`);
        },
      }),
    };
    this.cameras.set(assignment.camera_uuid, work);
    this.log.info(`camera ${assignment.description} taken`);
  }

  private onFrame(camera: CameraWork, frame: Frame): void {
    if (!camera.sampler.take(frame.capturedAt)) return;
    const now = Date.now();
    camera.stats.sample(now);
    const verdict = camera.motion.check(frame.rgb, frame.width, frame.height, frame.capturedAt);
    if (!verdict.analyse) {
      camera.stats.gate(now);
      return;
    }
    // Only the newest frame of a camera waits: an older one still waiting is dropped (the analyzer is behind).
    if (camera.pending) camera.stats.drop(now);
    camera.pending = { ...frame, moving: verdict.reason === 'motion' || verdict.reason === 'hangover' };
    this.wake?.();
  }

  /** The next frame to analyse: of the next camera in rotation with a frame waiting (each busy camera in turn). */
  private next(): { camera: CameraWork; frame: Frame & { moving: boolean } } | null {
    const uuid = nextInRotation([...this.cameras.keys()], this.lastServed, (c) => this.cameras.get(c)!.pending !== null);
    if (uuid === null) return null;
    this.lastServed = uuid;
    const camera = this.cameras.get(uuid)!;
    const frame = camera.pending!;
    camera.pending = null;
    return { camera, frame };
  }

  private async work(): Promise<void> {
    while (!this.stopped) {
      const next = this.next();
      if (!next) {
        await new Promise<void>((resolve) => (this.wake = resolve));
        this.wake = null;
        continue;
      }
      try {
        await this.analyse(next.camera, next.frame);
      } catch (err) {
        next.camera.stats.error = `analysis failed: ${String(err)}`.slice(0, 300);
        this.log.warn(next.camera.stats.error);
      }
      // The models run synchronously inside their promises: without a turn of the event loop here, back-to-back
      // analyses would starve the video pipes (readers stall and fall behind live), heartbeats and gallery calls.
      await new Promise((resolve) => setImmediate(resolve));
    }
  }

  private async analyse(camera: CameraWork, frame: Frame & { moving: boolean }): Promise<void> {
    const objects = frame.capturedAt - camera.lastObjectsAt >= this.settings.objectIntervalMs;
    if (objects) camera.lastObjectsAt = frame.capturedAt;
    const result = await this.models.analyse(frame, { objects });
    const done = Date.now();
    camera.stats.analyse(done, done - frame.capturedAt);
    const { camera_uuid, domain_uuid } = camera.assignment;
    const capturedAt = new Date(frame.capturedAt).toISOString();
    const batch: Required<Pick<IngestBatch, 'events' | 'faces'>> = { events: [], faces: [] };

    const gallery = this.galleries.gallery(domain_uuid);
    // The building's trained model, when staff loaded one: its curve and threshold (its prototypes are in the gallery).
    const model = this.galleries.model(domain_uuid);
    // At an exit the whole frame goes with each face, so an alert's picture exists at once (not cut from the video later).
    const whole = camera.assignment.is_exit && result.faces.length > 0 ? (await frameJpeg(frame)).toString('base64') : undefined;
    for (const face of result.faces) {
      const candidates = gallery.match(face.embedding, 4);
      const decision = model
        ? decideModelMatch(candidates, this.settings.minMatchConfidence, model.calibration)
        : decideMatch(candidates, this.settings.minMatchConfidence, this.settings.calibration ?? DEFAULT_CALIBRATION);
      batch.faces.push({
        runtime_face_uuid: randomUUID(),
        camera_uuid,
        captured_at: capturedAt,
        frontend_face_uuid: decision.personId,
        confidence: decision.confidence,
        box: face.box,
        face_confidence: Math.round(face.confidence * 1000) / 1000,
        face_height: Math.max(1, Math.round(face.box.h * frame.height)),
        candidates: decision.candidates.map((c) => ({ frontend_face_uuid: c.personId, confidence: c.confidence })),
        crop: (await faceCrop(frame, face.box)).toString('base64'),
        ...(whole && { frame: whole }),
        embedding: embeddingBase64(face.embedding),
        embedder: EMBEDDER,
      });
    }
    if (result.faces.length > 0) camera.stats.lastFaceAt = frame.capturedAt;

    const reported = result.objects.filter((o) => isReportedClass(o.label));
    // The gate first: the event's picture is made only for a frame that becomes an event.
    const eventDue =
      objects &&
      camera.objects.decide(
        reported.map((o) => o.label),
        frame.capturedAt,
        frame.moving,
      );
    if (eventDue) batch.events.push(await objectEvent(camera_uuid, frame, reported));
    if (reported.length > 0) camera.stats.lastObjectAt = frame.capturedAt;
    if (batch.faces.length > 0 || batch.events.length > 0) this.sender.send(batch);
  }
}
