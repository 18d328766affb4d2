import { randomUUID } from 'node:crypto';
import type { AnalyzerAssignment, AnalyzerChangesReply, IngestBatch, IngestFace } from '@vigil/contract';
import { CameraReader } from './camera-reader.js';
import { ChangeFollower } from './changes.js';
import { Refused, VigilClient } from './client.js';
import { FrameSampler, FrameSource, type Frame } from './frames.js';
import { GalleryBook } from './gallery-book.js';
import { DEFAULT_CALIBRATION, decideMatch, decideModelMatch, type Calibration } from './match.js';
import { EMBEDDER } from './embedder.js';
import type { ModelRunner } from './model-pool.js';
import { MotionGate } from './motion.js';
import { ObjectEventGate, isReportedClass, objectEvent } from './object-events.js';
import { faceCrop, frameJpeg } from './pictures.js';
import { FRESH_SCHEDULER, pickNext, samplingFps, type SchedulerMemory } from './schedule.js';
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
  /** frames sampled per second of an exit camera while something moves there */
  exitFps: number;
  /** model workers (threads, each with its own copy of the models) */
  workers: number;
  /** another camera waits at most this long (ms) before exits share the workers with it pick for pick */
  maxWaitMs: number;
  /** objects are looked for at most this often per camera (ms); faces on every analysed frame */
  objectIntervalMs: number;
  /** a face is named (sent with the person) from this confidence on */
  minMatchConfidence: number;
  calibration?: Calibration;
  /** frames wider than this are scaled down before the models */
  maxWidth: number;
  ffmpeg: string;
  galleryPollMs: number;
  /** logs where the time of each face sent at once went (VIGIL_ANALYZER_TRACE) */
  trace?: boolean;
}

export interface Log {
  info(message: string): void;
  warn(message: string): void;
}

/** A frame waiting for a model worker: whether it moved, and when it was sampled. */
type WaitingFrame = Frame & { moving: boolean; sampledAt: number };

interface CameraWork {
  assignment: AnalyzerAssignment;
  source: CameraReader;
  /** when it last turned exit or ordinary (VIGIL_ANALYZER_TRACE: its next analysed frame says how soon it came) */
  turnedAt: number | null;
  sampler: FrameSampler;
  motion: MotionGate;
  objects: ObjectEventGate;
  stats: CameraStats;
  pending: WaitingFrame | null;
  /** since when a frame has been waiting (its first unserved one), or null */
  waitingSince: number | null;
  /** one of its frames is being analysed */
  busy: boolean;
  /** when motion last began after stillness (filming time), or null */
  motionBeganAt: number | null;
  /** whether the last sampled frame moved */
  moving: boolean;
  lastObjectsAt: number;
}

/** How long an exit keeps its faster sampling after motion began there, or after the last face seen there (ms). */
const EXIT_HOLD_MS = 3_000;
/** Heartbeats asked for out of turn (by the change channel) come at most this often. */
const HEARTBEAT_SPACING_MS = 1_000;

/** The models as the analyzer uses them: a pool of workers that says how many could take a frame now. */
export type AnalyzerModels = ModelRunner & { readonly idle: number; readonly size: number };

const embeddingBase64 = (embedding: Float32Array) =>
  Buffer.from(embedding.buffer, embedding.byteOffset, embedding.byteLength).toString('base64');

/**
 * Vigil's analyzer: takes cameras from the server by lease, reads their live video, gates still frames out, runs the
 * face and object models on the rest, matches faces 1:N against the building's gallery and sends what it sees to the
 * ingest API. The models run on a pool of workers (one core each); whenever one is free, the next frame is chosen by
 * the scheduling rule (schedule.ts: exits first, the others in rotation, none starved); frames that wait are replaced
 * by newer ones. A face at an exit that names someone is sent at once, its pictures after it.
 */
export class Analyzer {
  readonly id = randomUUID();
  private readonly client: VigilClient;
  private readonly galleries: GalleryBook;
  private readonly sender: Sender;
  private readonly changes: ChangeFollower;
  private readonly cameras = new Map<string, CameraWork>();
  private stopped = false;
  private heartbeatTimer: NodeJS.Timeout | null = null;
  private heartbeating = false;
  /** a heartbeat was asked for while one was under way: another follows it at once */
  private heartbeatAgain = false;
  private lastHeartbeatAt = 0;
  private galleryTimer: NodeJS.Timeout | null = null;
  private lastHeartbeatOk = Date.now();
  private leaseMs = 30_000;
  private memory: SchedulerMemory = FRESH_SCHEDULER;
  private readonly running = new Set<Promise<void>>();
  /** called with each camera whose frame starts its analysis (tests see the order) */
  onAnalysis: ((camera: string, frame: Frame) => void) | null = null;

  constructor(
    private readonly settings: AnalyzerSettings,
    private readonly models: AnalyzerModels,
    private readonly log: Log,
  ) {
    this.client = new VigilClient(settings.serverUrl, settings.key);
    this.galleries = new GalleryBook(this.client, models, log);
    this.sender = new Sender(this.client, log);
    this.changes = new ChangeFollower({
      client: this.client,
      analyzerId: this.id,
      apply: (reply) => this.applyChanges(reply),
      unknown: () => this.heartbeatNow(),
      log,
    });
  }

  start(): void {
    void this.heartbeat();
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
    await this.changes.stop();
    for (const camera of this.cameras.values()) camera.source.stop();
    this.cameras.clear();
    await Promise.all(this.running);
    await this.sender.flush();
  }

  /** Reports, renews its leases, and starts or stops cameras as the server assigns them. */
  private async heartbeat(): Promise<void> {
    let nextMs = 10_000;
    this.heartbeating = true;
    this.lastHeartbeatAt = Date.now();
    try {
      const now = Date.now();
      const reply = await this.client.heartbeat({
        analyzer_id: this.id,
        name: this.settings.name,
        capacity: this.settings.capacity,
        cameras: [...this.cameras.entries()].map(([uuid, c]) => c.stats.report(uuid, now, c.assignment.is_exit)),
      });
      this.lastHeartbeatOk = Date.now();
      this.leaseMs = reply.lease_seconds * 1000;
      nextMs = reply.heartbeat_seconds * 1000;
      this.assign(reply.assignments);
      // The change channel asks about what this reply named: a change made since is answered at once.
      if (!this.stopped) this.changes.follow(reply.changes_version ?? null);
    } catch (err) {
      this.log.warn(`heartbeat failed: ${err instanceof Refused ? `${err.status} ${err.message}` : String(err)}`);
      // Without a renewal the leases end: another analyzer takes the cameras, so this one lets them go.
      if (Date.now() - this.lastHeartbeatOk > this.leaseMs) this.assign([]);
      nextMs = 3_000;
    }
    this.heartbeating = false;
    if (this.heartbeatAgain) {
      this.heartbeatAgain = false;
      nextMs = HEARTBEAT_SPACING_MS;
    }
    if (!this.stopped) this.heartbeatTimer = setTimeout(() => void this.heartbeat(), nextMs);
  }

  /** A heartbeat as soon as may be (a camera left the change channel's list, or the server forgot this analyzer). */
  private heartbeatNow(): void {
    if (this.stopped) return;
    if (this.heartbeating) {
      this.heartbeatAgain = true;
      return;
    }
    if (this.heartbeatTimer) clearTimeout(this.heartbeatTimer);
    const wait = Math.max(0, this.lastHeartbeatAt + HEARTBEAT_SPACING_MS - Date.now());
    this.heartbeatTimer = setTimeout(() => void this.heartbeat(), wait);
  }

  /**
   * A reply of the change channel: each camera held turns exit or ordinary at once, so its next frame is treated so; a
   * camera it does not list, or one listed that is not run here, calls for a heartbeat now.
   */
  private applyChanges(reply: AnalyzerChangesReply): void {
    const held = new Map(reply.cameras.map((c) => [c.camera_uuid, c.is_exit]));
    let differs = held.size !== this.cameras.size;
    for (const [uuid, camera] of this.cameras) {
      const exit = held.get(uuid);
      if (exit === undefined) differs = true;
      else if (exit !== camera.assignment.is_exit) this.turn(camera, exit);
    }
    if (differs) this.heartbeatNow();
  }

  /** A camera turns exit or ordinary: from its next frame on it is scheduled, sampled, read and sent as such. */
  private turn(camera: CameraWork, exit: boolean): void {
    camera.assignment = { ...camera.assignment, is_exit: exit };
    camera.turnedAt = Date.now();
    this.log.info(`camera ${camera.assignment.description} is ${exit ? 'now an exit' : 'no longer an exit'}`);
    camera.source.reread(camera.assignment);
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
      } else {
        if (next.is_exit !== camera.assignment.is_exit) this.turn(camera, next.is_exit);
        camera.assignment = next;
      }
    }
    for (const [uuid, assignment] of wanted) if (!this.cameras.has(uuid)) this.startCamera(assignment);
    this.galleries.keepOnly(new Set(assignments.map((a) => a.domain_uuid)));
  }

  /** Starts analysing a camera (the server's heartbeat assigns them; tests may call it directly). */
  startCamera(assignment: AnalyzerAssignment): void {
    const now = Date.now();
    const stats = new CameraStats(now);
    const work: CameraWork = {
      assignment,
      stats,
      turnedAt: null,
      sampler: new FrameSampler(this.settings.fps),
      motion: new MotionGate(),
      objects: new ObjectEventGate(),
      pending: null,
      waitingSince: null,
      busy: false,
      motionBeganAt: null,
      moving: false,
      lastObjectsAt: -Infinity,
      source: new CameraReader(
        (a, onFrame) => this.reader(a, stats, onFrame),
        assignment,
        (frame) => this.onFrame(work, frame),
      ),
    };
    this.cameras.set(assignment.camera_uuid, work);
    this.log.info(`camera ${assignment.description} taken`);
  }

  /** A camera's video reader, for an exit or an ordinary camera as the assignment says. */
  private reader(assignment: AnalyzerAssignment, stats: CameraStats, onFrame: (frame: Frame) => void): FrameSource {
    return new FrameSource({
      ffmpeg: this.settings.ffmpeg,
      url: this.client.resolve(assignment.stream_url),
      // ffmpeg hands over a few more frames than sampled, so the sampler can keep its pace by the filming time; an
      // exit's every frame, as soon as it is decoded (the sampler takes 4 a second of them while something moves).
      maxFps: assignment.is_exit ? null : Math.max(1, Math.ceil(this.settings.fps * 2)),
      maxWidth: this.settings.maxWidth,
      onFrame,
      onError: (message) => {
        stats.error = message;
        this.log.warn(`camera ${assignment.description}: ${message}`);
      },
    });
  }

  /** A decoded frame of a camera it holds, as its video reader hands them over (tests hand over their own). */
  offer(camera: string, frame: Frame): void {
    const work = this.cameras.get(camera);
    if (work) this.onFrame(work, frame);
  }

  /** A decoded frame of a camera: sampled, gated, and (if it moved) made the camera's waiting frame. */
  private onFrame(camera: CameraWork, frame: Frame): void {
    const state = { exit: camera.assignment.is_exit, motionBeganAt: camera.motionBeganAt, lastFaceAt: camera.stats.lastFaceAt };
    const fps = samplingFps(state, frame.capturedAt, {
      fps: this.settings.fps,
      exitFps: this.settings.exitFps,
      exitHoldMs: EXIT_HOLD_MS,
    });
    if (!camera.sampler.take(frame.capturedAt, fps)) return;
    const now = Date.now();
    camera.stats.sample(now);
    const verdict = camera.motion.check(frame.rgb, frame.width, frame.height, frame.capturedAt);
    const moving = verdict.reason === 'motion';
    if (moving && !camera.moving) camera.motionBeganAt = frame.capturedAt;
    camera.moving = moving || (camera.moving && verdict.reason === 'hangover');
    if (!verdict.analyse) {
      camera.stats.gate(now);
      return;
    }
    // Only the newest frame of a camera waits: an older one still waiting is dropped (the analyzer is behind).
    if (camera.pending) camera.stats.drop(now);
    camera.pending = { ...frame, moving: verdict.reason === 'motion' || verdict.reason === 'hangover', sampledAt: now };
    camera.waitingSince ??= now;
    this.pump();
  }

  /** While a worker is free and a frame waits: the frame the scheduling rule picks starts its analysis. */
  private pump(): void {
    while (!this.stopped && this.models.idle > 0) {
      const states = [...this.cameras.entries()].map(([id, c]) => ({
        id,
        exit: c.assignment.is_exit,
        waitingSince: c.pending ? c.waitingSince : null,
        busy: c.busy,
      }));
      const pick = pickNext(states, this.memory, Date.now(), this.settings.maxWaitMs);
      if (!pick) return;
      this.memory = pick.memory;
      const camera = this.cameras.get(pick.id)!;
      const frame = camera.pending!;
      camera.pending = null;
      camera.waitingSince = null;
      camera.busy = true;
      if (this.settings.trace && camera.turnedAt !== null) this.traceTurn(camera, frame);
      this.onAnalysis?.(pick.id, frame);
      const job: Promise<void> = this.analyse(camera, frame)
        .catch((err: unknown) => {
          camera.stats.error = `analysis failed: ${String(err)}`.slice(0, 300);
          this.log.warn(camera.stats.error);
        })
        .finally(() => {
          camera.busy = false;
          this.running.delete(job);
          // A turn of the event loop first: the video pipes, heartbeats and gallery calls are served between analyses.
          setImmediate(() => this.pump());
        });
      this.running.add(job);
    }
  }

  private async analyse(camera: CameraWork, frame: WaitingFrame): Promise<void> {
    const objects = frame.capturedAt - camera.lastObjectsAt >= this.settings.objectIntervalMs;
    if (objects) camera.lastObjectsAt = frame.capturedAt;
    const startedAt = Date.now();
    const result = await this.models.analyse(frame, { objects });
    const done = Date.now();
    camera.stats.analyse(done, done - frame.capturedAt);
    const { camera_uuid, domain_uuid } = camera.assignment;
    const capturedAt = new Date(frame.capturedAt).toISOString();
    const batch: Required<Pick<IngestBatch, 'events' | 'faces'>> = { events: [], faces: [] };

    const gallery = this.galleries.gallery(domain_uuid);
    // The building's trained model, when staff loaded one: its curve and threshold (its prototypes are in the gallery).
    const model = this.galleries.model(domain_uuid);
    batch.faces = result.faces.map((face): IngestFace => {
      const candidates = gallery.match(face.embedding, 4);
      const decision = model
        ? decideModelMatch(candidates, this.settings.minMatchConfidence, model.calibration)
        : decideMatch(candidates, this.settings.minMatchConfidence, this.settings.calibration ?? DEFAULT_CALIBRATION);
      return {
        runtime_face_uuid: randomUUID(),
        camera_uuid,
        captured_at: capturedAt,
        frontend_face_uuid: decision.personId,
        confidence: decision.confidence,
        box: face.box,
        face_confidence: Math.round(face.confidence * 1000) / 1000,
        face_height: Math.max(1, Math.round(face.box.h * frame.height)),
        candidates: decision.candidates.map((c) => ({ frontend_face_uuid: c.personId, confidence: c.confidence })),
        embedding: embeddingBase64(face.embedding),
        embedder: EMBEDDER,
      };
    });
    // A face at an exit that names someone may raise an elopement alert: it goes now, in a request of its own that
    // waits for nothing, and its pictures follow with the rest (the server keeps the pictures of a face it already has).
    const urgent = camera.assignment.is_exit ? batch.faces.filter((f) => f.frontend_face_uuid) : [];
    if (urgent.length > 0) {
      const sent = this.sender.sendNow(urgent.map((f) => ({ ...f })));
      if (this.settings.trace)
        void sent.then((ackAt) => this.trace(urgent, frame, { startedAt, analysedAt: done, ackAt, workerMs: result.workerMs ?? null }));
    }
    // At an exit the whole frame goes with each face, so an alert's picture exists at once (not cut from the video later).
    const whole = camera.assignment.is_exit && batch.faces.length > 0 ? (await frameJpeg(frame)).toString('base64') : undefined;
    for (const [i, face] of batch.faces.entries()) {
      face.crop = (await faceCrop(frame, result.faces[i]!.box)).toString('base64');
      if (whole) face.frame = whole;
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

  /** VIGIL_ANALYZER_TRACE: how soon after a camera turned exit (or ordinary) its first frame so treated was analysed. */
  private traceTurn(camera: CameraWork, frame: WaitingFrame): void {
    const at = camera.turnedAt!;
    camera.turnedAt = null;
    const kind = camera.assignment.is_exit ? "an exit's" : "an ordinary camera's";
    this.log.info(
      `trace camera ${camera.assignment.description}: first frame as ${kind} analysed at ${Date.now()} (${Date.now() - at} ms after the change reached this analyzer at ${at}; filmed ${frame.capturedAt - at} ms after it)`,
    );
  }

  /** VIGIL_ANALYZER_TRACE: where the time of a face sent at once went, from filming to the server's acknowledgement. */
  private trace(
    faces: IngestFace[],
    frame: WaitingFrame,
    t: { startedAt: number; analysedAt: number; ackAt: number | null; workerMs: number | null },
  ): void {
    const since = (a: number, b: number | null) => (b === null ? 'not acknowledged' : `${Math.round(b - a)} ms`);
    for (const face of faces)
      this.log.info(
        `trace face ${face.runtime_face_uuid}: filmed→sampled ${since(frame.capturedAt, frame.sampledAt)}, waited ${since(frame.sampledAt, t.startedAt)}, models ${since(t.startedAt, t.analysedAt)} (on the worker ${t.workerMs ?? '?'} ms), matched→acknowledged ${since(t.analysedAt, t.ackAt)}`,
      );
  }
}
