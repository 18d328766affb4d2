import { actorOfPrincipal, type AuditService } from '../audit/audit.service.js';
import { randomUUID } from 'node:crypto';
import {
  MODEL_MESSAGES,
  formatUtc,
  hasOperation,
  modelLabel,
  trainModel,
  type CurrentModelReply,
  type Model,
  type ModelIdentity,
  type TrainedModel,
  type TrainingIdentity,
} from '@vigil/contract';
import { requireEntitlement, type Principal } from '../../auth/principal.js';
import type { Db } from '../../db/database.js';
import type { SqlDialect } from '../../db/dialect.js';
import type { FaceModelRow } from '../../db/schema.js';
import type { Clock } from '../../lib/clock.js';
import { HttpError, notFound } from '../../lib/http-error.js';
import { timeSlicer } from '../../lib/time-slicer.js';
import { ModelDelivery, type LoadedModel } from './model-delivery.js';
import type { ModelsRepository, TrainingData } from './models.repository.js';
import { finishedModel, withoutPeople } from './trained-model.js';

interface Running {
  uuid: string;
  label: string;
  progress: number;
  message: string | null;
  done: Promise<void>;
}

/**
 * Model management (part 2 §2 /staff/train, §3, §4, §7, §8): a building's models, training one in the background (one
 * at a time per building, with progress), loading one (the analyzers switch through the gallery they poll), and what
 * the analyzers fetch. Listing and details need faces/train_model; training and loading need faces/manage_model too
 * (DECISIONS.md). The training runs in this process, in slices that let requests through (a worker is future work).
 */
export class ModelsService {
  private readonly running = new Map<string, Running>();
  /** what the analyzers are given of the loaded model, and whether they took it */
  private readonly delivery: ModelDelivery;

  constructor(
    private readonly d: {
      db: Db;
      /** the building's lock, which erasures take: a model is saved under it */
      dialect: Pick<SqlDialect, 'lockDomain'>;
      models: ModelsRepository;
      clock: Clock;
      log: { warn(obj: object, msg: string): void; info(obj: object, msg: string): void };
      /** the false accept rate a model is held to (default 1%) */
      maxFar?: number;
      /** the people a building may not recognise (consent required and not given): never trained on nor delivered */
      consent: { unrecognisable(domain: string): Promise<ReadonlySet<string>> };
      /** records trainings and loads (absent in tests that do not look at the audit trail) */
      audit?: Pick<AuditService, 'record'>;
    },
  ) {
    this.delivery = new ModelDelivery(d);
  }

  /** At start: trainings a stopped server left running are failed (they never resume). */
  async recover(): Promise<void> {
    const failed = await this.d.models.failRunning('The server stopped during this training; start a new one.', this.d.clock.now());
    if (failed > 0) this.d.log.warn({ failed }, 'trainings left running by a stopped server were marked failed');
  }

  async list(principal: Principal, domain: string): Promise<{ ok: true; results: Model[] }> {
    requireEntitlement(principal, domain, 'faces', 'train_model');
    const rows = await this.d.models.list(domain);
    return { ok: true, results: rows.map((r) => this.present(r)) };
  }

  async current(principal: Principal, domain: string): Promise<CurrentModelReply> {
    requireEntitlement(principal, domain, 'faces', 'train_model');
    const current = await this.d.models.current(domain);
    const row = current && (await this.d.models.byUuid(current.model_uuid));
    if (!current || !row) return { ok: true, label: null, model: null, loaded_at: null, applied: true, unused: null };
    return {
      ok: true,
      label: row.label,
      model: this.present(row),
      loaded_at: formatUtc(new Date(current.loaded_at)),
      ...this.delivery.reach(domain, row.uuid, row.embedder),
    };
  }

  async identities(principal: Principal, domain: string, label: string): Promise<{ ok: true; identities: ModelIdentity[] }> {
    requireEntitlement(principal, domain, 'faces', 'train_model');
    const row = await this.d.models.byLabel(domain, label);
    if (!row) throw notFound('No such model in this building.');
    const identities = await this.d.models.identities(row.uuid);
    return {
      ok: true,
      identities: identities.map((i) => ({
        uuid: i.frontend_face_uuid,
        name: i.name,
        category: i.category,
        num_tags_validation: i.num_tags_validation,
        num_tags_training: i.num_tags_training,
        f1_score: i.f1_score,
      })),
    };
  }

  progress(principal: Principal, domain: string) {
    const services = principal.entitlements[domain];
    if (!hasOperation(services, 'faces', 'view_training_progress') && !hasOperation(services, 'faces', 'train_model'))
      requireEntitlement(principal, domain, 'faces', 'view_training_progress');
    const running = this.running.get(domain);
    return {
      ok: true as const,
      running: running !== undefined,
      label: running?.label ?? null,
      progress: running?.progress ?? 0,
      message: running?.message ?? null,
    };
  }

  async load(principal: Principal, domain: string, label: string): Promise<{ ok: true; message: string }> {
    requireEntitlement(principal, domain, 'faces', 'manage_model');
    requireEntitlement(principal, domain, 'faces', 'train_model');
    const row = await this.d.models.byLabel(domain, label);
    if (!row) throw notFound('No such model in this building.');
    if (row.status !== 'ready') throw new HttpError(409, MODEL_MESSAGES.notReady);
    await this.d.models.setCurrent(domain, row.uuid, principal.user.id, this.d.clock.now());
    this.d.log.info({ domain, label }, 'a face model was loaded');
    await this.d.audit?.record(actorOfPrincipal(principal), { action: 'loaded_model', domain, subject: row.uuid, detail: { label } });
    return { ok: true, message: MODEL_MESSAGES.loaded };
  }

  /** Starts a training of the building's model in the background; 409 while one runs or with nothing to train on. */
  async train(principal: Principal, domain: string): Promise<{ ok: true; message: string; label: string }> {
    requireEntitlement(principal, domain, 'faces', 'manage_model');
    requireEntitlement(principal, domain, 'faces', 'train_model');
    const label = await this.startTraining(domain, principal.user.id);
    await this.d.audit?.record(actorOfPrincipal(principal), { action: 'trained_model', domain, detail: { label } });
    return { ok: true, message: MODEL_MESSAGES.trainingStarted, label };
  }

  /** The demo's, the CLI's and the API's way in: returns the new model's label at once. */
  async startTraining(domain: string, by: string | null): Promise<string> {
    if (this.running.has(domain)) throw new HttpError(409, MODEL_MESSAGES.alreadyTraining);
    // Reserved at once (before anything is awaited), so two requests at the same moment cannot both start one.
    const entry: Running = {
      uuid: randomUUID(),
      label: '',
      progress: 0,
      message: 'Collecting the confirmed faces',
      done: Promise.resolve(),
    };
    this.running.set(domain, entry);
    let embedder: string;
    let seed: number;
    try {
      const embedders = await this.d.models.embedders(domain);
      const chosen = [...embedders.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))[0]?.[0];
      if (!chosen) throw new HttpError(409, MODEL_MESSAGES.nothingToTrain);
      embedder = chosen;
      let now = this.d.clock.now();
      // One label per second and building: a training started within the same second as the last takes the next.
      while (await this.d.models.byLabel(domain, modelLabel(now))) now = Math.floor(now / 1000) * 1000 + 1000;
      entry.label = modelLabel(now);
      seed = Math.floor(now / 1000) % 2_147_483_647;
      await this.d.models.insert({
        uuid: entry.uuid,
        domain_uuid: domain,
        label: entry.label,
        status: 'training',
        message: entry.message,
        embedder,
        created_by: by,
        created_at: now,
        finished_at: null,
        seed,
        held_out: null,
        top1_accuracy: null,
        top5_accuracy: null,
        false_accept_rate: null,
        false_accept_rate_negatives: null,
        threshold: null,
        calibration: null,
        prototypes: null,
        num_identities: null,
        num_tags_training: null,
        num_tags_validation: null,
        num_negatives: null,
      });
    } catch (error) {
      this.running.delete(domain);
      throw error;
    }
    entry.done = this.run(domain, entry, embedder, seed).finally(() => this.running.delete(domain));
    return entry.label;
  }

  /** Whether the building has any model (or one training). */
  async hasAny(domain: string): Promise<boolean> {
    return this.running.has(domain) || (await this.d.models.list(domain)).length > 0;
  }

  /** Resolves when the building's running training (if any) has finished. */
  async settled(domain: string): Promise<void> {
    await this.running.get(domain)?.done;
  }

  private async run(domain: string, entry: Running, embedder: string, seed: number): Promise<void> {
    try {
      const data = await this.d.models.trainingData(domain, embedder);
      // People the building may not recognise are not trained on (their confirmed faces are not negatives either).
      const excluded = await this.d.consent.unrecognisable(domain);
      data.photos = data.photos.filter((p) => !excluded.has(p.person));
      data.tags = data.tags.filter((t) => !excluded.has(t.person));
      const byPerson = new Map<string, TrainingIdentity>();
      const identity = (person: string) => {
        let found = byPerson.get(person);
        if (!found) byPerson.set(person, (found = { id: person, photos: [], tags: [] }));
        return found;
      };
      for (const p of data.photos) identity(p.person).photos.push(p.vector);
      for (const t of data.tags) identity(t.person).tags.push({ id: t.id, vector: t.vector });
      const dims = new Set([...data.photos, ...data.tags, ...data.negatives].map((v) => v.vector.length));
      if (byPerson.size === 0 || dims.size !== 1) throw new HttpError(409, MODEL_MESSAGES.nothingToTrain);
      entry.message = 'Training';
      const trained = await trainModel(
        {
          seed,
          identities: [...byPerson.values()],
          negatives: data.negatives,
          ...(this.d.maxFar !== undefined && { maxFar: this.d.maxFar }),
        },
        { progress: (f) => (entry.progress = f), pause: timeSlicer() },
      );
      await this.save(domain, entry.uuid, trained, data, [...dims][0]!);
      this.d.log.info({ domain, label: entry.label, top1: trained.top1, far: trained.falseAcceptRate }, 'a face model was trained');
    } catch (error) {
      const message = error instanceof HttpError ? error.message : 'The training failed; see the server log.';
      this.d.log.warn({ err: error, domain, label: entry.label }, 'a face model training failed');
      await this.d.models.update(entry.uuid, { status: 'failed', message, finished_at: this.d.clock.now() }).catch(() => undefined);
    }
  }

  /**
   * Saves a finished training under the building's lock, which an erasure holds until it commits: one that committed
   * after the faces were read is seen here (the people it took are dropped from the model), and one that comes later
   * finds this model and takes its person out of it. The erasure refuses to start while the training row says
   * 'training', but one already past that check could commit after the faces were read (issue 36).
   */
  private async save(domain: string, uuid: string, trained: TrainedModel, data: TrainingData, dims: number): Promise<void> {
    await this.d.db.transaction().execute(async (trx) => {
      await this.d.dialect.lockDomain(trx, domain);
      const known = [...new Set([...trained.identities.map((i) => i.id), ...trained.prototypes.map((p) => p.identity)])];
      const present = await this.d.models.presentPeople(trx, domain, known);
      const gone = new Set(known.filter((id) => !present.has(id)));
      if (gone.size > 0) this.d.log.info({ domain, gone: gone.size }, 'people erased during a training were left out of its model');
      const kept = withoutPeople(trained, gone, new Map(data.tags.map((t) => [t.id, t.person])));
      const people = new Map(data.people.map((p) => [p.uuid, p]));
      const { change, identities } = finishedModel(uuid, kept, dims, people, this.d.clock.now());
      await this.d.models.finish(trx, uuid, change, identities);
    });
  }

  /** The loaded model's F1 score of each person it knows (badges' "well trained"); empty without a model. */
  async f1Scores(domain: string): Promise<Map<string, number | null>> {
    const current = await this.d.models.current(domain);
    if (!current) return new Map();
    return new Map((await this.d.models.identities(current.model_uuid)).map((i) => [i.frontend_face_uuid, i.f1_score]));
  }

  /** An analyzer asked for the building's gallery, with the embedder it makes vectors with. */
  sawAnalyzer(domain: string, embedder: string): void {
    this.delivery.sawAnalyzer(domain, embedder);
  }

  /** The building's loaded model as the analyzers are told of it (null: none; they use the registry photos alone). */
  loaded(domain: string): Promise<LoadedModel | null> {
    return this.delivery.loaded(domain);
  }

  /** A loaded model's prototypes for an analyzer, without those of people the building may not recognise. */
  prototypes(domain: string, uuid: string) {
    return this.delivery.prototypes(domain, uuid);
  }

  private present(row: Omit<FaceModelRow, 'prototypes' | 'held_out'>): Model {
    const running = [...this.running.values()].find((r) => r.uuid === row.uuid);
    return {
      uuid: row.uuid,
      label: row.label,
      created_at: formatUtc(new Date(row.created_at)),
      status: row.status,
      progress: running?.progress ?? row.progress,
      message: running?.message ?? row.message,
      top1_accuracy: row.top1_accuracy,
      top5_accuracy: row.top5_accuracy,
      false_accept_rate: row.false_accept_rate,
      false_accept_rate_negatives: row.false_accept_rate_negatives,
      threshold: row.threshold,
      num_identities: row.num_identities,
      num_tags_training: row.num_tags_training,
      num_tags_validation: row.num_tags_validation,
      num_negatives: row.num_negatives,
      embedder: row.embedder,
    };
  }
}
