import { randomUUID } from 'node:crypto';
import { INGEST, type Detector } from '@vigil/contract';
import { requireEntitlement, type Principal } from '../../auth/principal.js';
import type { Db, Trx } from '../../db/database.js';
import type { DeploymentKeyRow, DetectorRow } from '../../db/schema.js';
import type { Clock } from '../../lib/clock.js';
import { randomToken, sha256Hex } from '../../lib/hash.js';
import { badRequest, forbidden, notFound } from '../../lib/http-error.js';
import type { DetectorsRepository } from './detectors.repository.js';

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

export function detectorOut(row: DetectorRow): Detector {
  return {
    id: row.id,
    domain_uuid: row.domain_uuid,
    name: row.name,
    key_prefix: row.key_prefix,
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

/** Detector keys: 256 random bits behind a 'vgd_' prefix, stored as SHA-256, revocable. */
export class DetectorsService {
  constructor(
    private readonly db: Db,
    private readonly detectors: DetectorsRepository,
    private readonly clock: Clock,
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

  /** A key for every building (an analyzer serving the whole deployment): CLI and the server's own analyzer only. */
  async issueDeploymentKey(name: string): Promise<{ key: string; row: DeploymentKeyRow }> {
    const key = `${INGEST.keyPrefix}${randomToken()}`;
    const row = await this.detectors.createDeploymentKey({
      id: randomUUID(),
      name,
      key_hash: sha256Hex(key),
      key_prefix: key.slice(0, 10),
      created_at: this.clock.now(),
    });
    return { key, row };
  }

  revokeDeploymentKeys(match: { id: string } | { name: string }): Promise<number> {
    return this.db.transaction().execute((trx) => this.detectors.revokeDeploymentKeys(trx, match, this.clock.now()));
  }

  deploymentKeys(): Promise<DeploymentKeyRow[]> {
    return this.detectors.deploymentKeys();
  }

  /** Makes a key without a permission check: for the CLI and the demo, which run on the server itself. */
  async issue(domainUuid: string, name: string, createdBy: string | null): Promise<{ detector: DetectorRow; key: string }> {
    const key = `${INGEST.keyPrefix}${randomToken()}`;
    const detector = await this.detectors.create({
      id: randomUUID(),
      domain_uuid: domainUuid,
      name,
      key_hash: sha256Hex(key),
      key_prefix: key.slice(0, 10),
      created_by: createdBy,
      created_at: this.clock.now(),
    });
    return { detector, key };
  }

  revokeByName(domainUuid: string, name: string): Promise<void> {
    return this.detectors.revokeByName(domainUuid, name, this.clock.now());
  }

  async create(principal: Principal, domainUuid: string, name: string) {
    requireEntitlement(principal, domainUuid, 'alerting', 'edit');
    const { detector, key } = await this.issue(domainUuid, name, principal.user.id);
    return { ok: true as const, detector: detectorOut(detector), key };
  }

  async list(principal: Principal, domainUuid: string) {
    requireEntitlement(principal, domainUuid, 'alerting', 'edit');
    return { ok: true as const, detectors: (await this.detectors.inDomain(domainUuid)).map(detectorOut) };
  }

  async revoke(principal: Principal, id: string) {
    const detector = await this.detectors.findOne(id);
    if (!detector || !principal.entitlements[detector.domain_uuid]) throw notFound('No such detector.');
    requireEntitlement(principal, detector.domain_uuid, 'alerting', 'edit');
    // A deployment key's row in this building is revoked here; the key goes on serving the other buildings.
    await this.detectors.revoke(id, this.clock.now());
    return { ok: true as const };
  }
}
