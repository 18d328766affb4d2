import { randomUUID } from 'node:crypto';
import {
  INGEST,
  KEY_CALLS,
  KEY_PURPOSES,
  KEY_PURPOSE_NEEDS,
  KEY_PURPOSE_TEXT,
  keyMayCall,
  type Detector,
  type KeyCall,
  type KeyPurpose,
} from '@vigil/contract';
import { requireEntitlement, type Principal } from '../../auth/principal.js';
import { actorOfPrincipal, type AuditActor, type AuditService } from '../audit/audit.service.js';
import type { Db, Trx } from '../../db/database.js';
import type { DeploymentKeyRow, DetectorRow } from '../../db/schema.js';
import type { Clock } from '../../lib/clock.js';
import { randomToken, sha256Hex } from '../../lib/hash.js';
import { badRequest, forbidden, notFound } from '../../lib/http-error.js';
import type { DetectorsRepository } from './detectors.repository.js';

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

/** A stored purposes list (comma-separated), read back; unknown words (none are written) are dropped. */
export const purposesOf = (stored: string): KeyPurpose[] =>
  stored.split(',').filter((p): p is KeyPurpose => (KEY_PURPOSES as readonly string[]).includes(p));

export function detectorOut(row: DetectorRow & { created_by_email?: string | null }): Detector {
  return {
    id: row.id,
    domain_uuid: row.domain_uuid,
    name: row.name,
    key_prefix: row.key_prefix,
    purposes: purposesOf(row.purposes),
    purposes_origin: row.purposes_origin === 'inferred' ? 'inferred' : 'chosen',
    deployment: row.deployment_key_id !== null,
    created_by: row.created_by_email ?? null,
    created_at: new Date(row.created_at).toISOString(),
    last_used_at: iso(row.last_used_at),
    revoked_at: iso(row.revoked_at),
  };
}

/**
 * Who a detector key belongs to: one building's detector, or a deployment key that serves every building (through a
 * detector row of its own in each, made when first used there).
 */
export type KeyHolder =
  { kind: 'building'; keyId: string; detector: DetectorRow } | { kind: 'deployment'; keyId: string; key: DeploymentKeyRow };

/** The buildings a key may work in: its own, or (null) all of them. */
export const keyDomains = (holder: KeyHolder): string[] | null => (holder.kind === 'building' ? [holder.detector.domain_uuid] : null);

/** What a key may do: a building key's own purposes, a deployment key's in every building. */
export const holderPurposes = (holder: KeyHolder): KeyPurpose[] =>
  purposesOf(holder.kind === 'building' ? holder.detector.purposes : holder.key.purposes);

const PURPOSE_LIST = (purposes: readonly KeyPurpose[]) => purposes.map((p) => KEY_PURPOSE_TEXT[p].toLowerCase()).join(', ');

/** 403 unless the key's purposes allow the call; the refusal says what the key is for and what the call needs. */
export function requireKeyCall(holder: KeyHolder, call: KeyCall): void {
  const purposes = holderPurposes(holder);
  if (keyMayCall(purposes, call)) return;
  throw forbidden(`This key is for ${PURPOSE_LIST(purposes)}; this call needs a key for ${PURPOSE_LIST(KEY_CALLS[call])}.`);
}

/** Detector keys: 256 random bits behind a 'vgd_' prefix, stored as SHA-256, revocable. */
export class DetectorsService {
  constructor(
    private readonly db: Db,
    private readonly detectors: DetectorsRepository,
    private readonly clock: Clock,
    /** the trail keys' making and revoking go to (benchmarks that fill a database pass none) */
    private readonly audit?: Pick<AuditService, 'record'>,
  ) {}

  async authenticate(key: string): Promise<KeyHolder | undefined> {
    const hash = sha256Hex(key);
    const detector = await this.detectors.findActiveByKeyHash(hash);
    if (detector) return { kind: 'building', keyId: detector.id, detector };
    const deployment = await this.detectors.findActiveDeploymentKey(hash);
    return deployment && { kind: 'deployment', keyId: deployment.id, key: deployment };
  }

  /** The detector a key acts as in a building: 403 for another building's key, the same answer as for a building unknown to it. */
  async detectorIn(holder: KeyHolder, domain: string): Promise<DetectorRow> {
    if (holder.kind === 'building') {
      if (holder.detector.domain_uuid !== domain) throw forbidden('This detector key is not for that building.');
      return holder.detector;
    }
    const existing = await this.detectors.detectorOfDeploymentKey(holder.keyId, domain);
    if (existing?.revoked_at !== null && existing !== undefined) throw forbidden('This key was revoked in that building.');
    if (existing) return existing;
    return this.detectors.create(
      {
        id: randomUUID(),
        domain_uuid: domain,
        name: holder.key.name,
        // Stands for the deployment key here; no key hashes to it (only a row of a real key is found by its hash).
        key_hash: sha256Hex(`deployment:${holder.keyId}:${domain}`),
        key_prefix: holder.key.key_prefix,
        purposes: holder.key.purposes,
        purposes_origin: holder.key.purposes_origin,
        created_by: null,
        created_at: this.clock.now(),
      },
      holder.keyId,
    );
  }

  /** The detector a batch is written as: a deployment key's batch belongs to the building of its first camera. */
  async detectorForBatch(
    holder: KeyHolder,
    batch: { events: { camera_uuid: string }[]; faces: { camera_uuid: string }[] },
    cameraDomain: (camera: string) => Promise<string | undefined>,
  ): Promise<DetectorRow> {
    if (holder.kind === 'building') return holder.detector;
    const first = batch.events[0]?.camera_uuid ?? batch.faces[0]?.camera_uuid;
    const domain = first ? await cameraDomain(first) : undefined;
    if (!domain) throw badRequest(`No camera ${first ?? ''} in service.`);
    return this.detectorIn(holder, domain);
  }

  /** The buildings where a deployment key's row was revoked (it serves the others). */
  revokedDomainsOf(keyId: string): Promise<Set<string>> {
    return this.detectors.revokedDomainsOf(keyId);
  }

  /** A key was used (an analyzer's heartbeat), in the caller's transaction. */
  touchKey(trx: Trx, holder: KeyHolder, at: number): Promise<void> {
    return this.detectors.touchKey(trx, holder.kind, holder.keyId, at);
  }

  /** A key was used: its last use is kept to the minute (the key list shows it), whatever call it made. */
  markUsed(holder: KeyHolder): Promise<void> {
    return this.detectors.markUsed(holder.kind, holder.kind === 'building' ? holder.detector.id : holder.keyId, this.clock.now());
  }

  /**
   * A key for every building (an analyzer serving the whole deployment): the CLI and the server's own analyzer only.
   * `actor` is audited (the local analyzer's key, made afresh at every start, passes none).
   */
  async issueDeploymentKey(
    name: string,
    purposes: readonly KeyPurpose[],
    actor?: AuditActor,
  ): Promise<{ key: string; row: DeploymentKeyRow }> {
    const key = `${INGEST.keyPrefix}${randomToken()}`;
    const row = await this.detectors.createDeploymentKey({
      id: randomUUID(),
      name,
      key_hash: sha256Hex(key),
      key_prefix: key.slice(0, 10),
      purposes: purposes.join(','),
      purposes_origin: 'chosen',
      created_at: this.clock.now(),
    });
    if (actor)
      await this.audit?.record(actor, { action: 'created_key', domain: null, subject: row.id, detail: keyDetail(row, 'deployment') });
    return { key, row };
  }

  async revokeDeploymentKeys(match: { id: string } | { name: string }, actor?: AuditActor): Promise<number> {
    const ids = await this.db.transaction().execute((trx) => this.detectors.revokeDeploymentKeys(trx, match, this.clock.now()));
    if (actor)
      for (const id of ids)
        await this.audit?.record(actor, { action: 'revoked_key', domain: null, subject: id, detail: { kind: 'deployment' } });
    return ids.length;
  }

  deploymentKeys(): Promise<DeploymentKeyRow[]> {
    return this.detectors.deploymentKeys();
  }

  /**
   * Makes a building key without a permission check: for the CLI and the demo, which run on the server itself.
   * `actor` is audited (the demo's own keys pass none).
   */
  async issue(
    domainUuid: string,
    name: string,
    purposes: readonly KeyPurpose[],
    createdBy: string | null,
    actor?: AuditActor,
  ): Promise<{ detector: DetectorRow; key: string }> {
    const key = `${INGEST.keyPrefix}${randomToken()}`;
    const detector = await this.detectors.create({
      id: randomUUID(),
      domain_uuid: domainUuid,
      name,
      key_hash: sha256Hex(key),
      key_prefix: key.slice(0, 10),
      purposes: purposes.join(','),
      purposes_origin: 'chosen',
      created_by: createdBy,
      created_at: this.clock.now(),
    });
    if (actor)
      await this.audit?.record(actor, {
        action: 'created_key',
        domain: domainUuid,
        subject: detector.id,
        detail: keyDetail(detector, 'building'),
      });
    return { detector, key };
  }

  /** Revokes a building's live keys of a name (the demo's own keys, made afresh). */
  async revokeByName(domainUuid: string, name: string): Promise<void> {
    await this.detectors.revokeByName(domainUuid, name, this.clock.now());
  }

  /**
   * A building key made by an account: alerting/edit there, and every operation its purposes need (nobody gives a
   * machine more than they may see themselves: an analyzer key reads every registry photo). Audited.
   */
  async create(principal: Principal, domainUuid: string, name: string, purposes: readonly KeyPurpose[]) {
    requireEntitlement(principal, domainUuid, 'alerting', 'edit');
    for (const purpose of purposes)
      for (const need of KEY_PURPOSE_NEEDS[purpose]) {
        try {
          requireEntitlement(principal, domainUuid, need.service, need.operation);
        } catch {
          throw forbidden(`A key for ${PURPOSE_LIST([purpose])} needs ${need.service}/${need.operation} in this building.`);
        }
      }
    const { detector, key } = await this.issue(domainUuid, name, purposes, principal.user.id, actorOfPrincipal(principal));
    return { ok: true as const, detector: detectorOut({ ...detector, created_by_email: principal.user.email }), key };
  }

  async list(principal: Principal, domainUuid: string) {
    requireEntitlement(principal, domainUuid, 'alerting', 'edit');
    return { ok: true as const, detectors: (await this.detectors.inDomain(domainUuid)).map(detectorOut) };
  }

  async revoke(principal: Principal, id: string) {
    const detector = await this.detectors.findOne(id);
    if (!detector || !principal.entitlements[detector.domain_uuid]) throw notFound('No such detector.');
    requireEntitlement(principal, detector.domain_uuid, 'alerting', 'edit');
    return this.revokeRow(actorOfPrincipal(principal), detector);
  }

  /** The CLI's revoke-detector: by id, audited in the shell account's name. */
  async revokeById(actor: AuditActor, id: string): Promise<boolean> {
    const detector = await this.detectors.findOne(id);
    if (!detector) return false;
    await this.revokeRow(actor, detector);
    return true;
  }

  private async revokeRow(actor: AuditActor, detector: DetectorRow) {
    // A deployment key's row in this building is revoked here; the key goes on serving the other buildings.
    if (await this.detectors.revoke(detector.id, this.clock.now()))
      await this.audit?.record(actor, {
        action: 'revoked_key',
        domain: detector.domain_uuid,
        subject: detector.id,
        detail: keyDetail(detector, detector.deployment_key_id ? 'deployment' : 'building'),
      });
    return { ok: true as const };
  }
}

/** What the audit trail keeps of a key: its name, prefix and purposes (never the key). */
function keyDetail(row: { name: string; key_prefix: string; purposes: string }, kind: 'building' | 'deployment') {
  return { name: row.name, prefix: row.key_prefix, purposes: row.purposes, kind };
}
