import { randomUUID } from 'node:crypto';
import { INGEST, type Detector } from '@vigil/contract';
import { requireEntitlement, type Principal } from '../../auth/principal.js';
import type { DetectorRow } from '../../db/schema.js';
import type { Clock } from '../../lib/clock.js';
import { randomToken, sha256Hex } from '../../lib/hash.js';
import { notFound } from '../../lib/http-error.js';
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

/** Detector keys: 256 random bits behind a 'vgd_' prefix, stored as SHA-256, revocable. */
export class DetectorsService {
  constructor(
    private readonly detectors: DetectorsRepository,
    private readonly clock: Clock,
  ) {}

  authenticate(key: string): Promise<DetectorRow | undefined> {
    return this.detectors.findActiveByKeyHash(sha256Hex(key));
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
    await this.detectors.revoke(id, this.clock.now());
    return { ok: true as const };
  }
}
