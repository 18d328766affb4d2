import { randomUUID } from 'node:crypto';
import { BADGES, INGEST, maskCredential, storedText, type IngestTap } from '@vigil/contract';
import type { Db, Trx } from '../../db/database.js';
import type { SqlDialect } from '../../db/dialect.js';
import type { BadgeCredentialRow, BadgeIdentityRow } from '../../db/schema.js';
import type { Clock } from '../../lib/clock.js';
import { badRequest } from '../../lib/http-error.js';
import type { FacesPort } from '../faces/faces.port.js';
import type { CameraDirectory } from '../video/cameras.port.js';
import type { BadgesRepository, NewTap } from './badges.repository.js';

/** A tap's texts as the database keeps them (the contract refuses others; the demo and scripts may skip it). */
function storedTap(tap: IngestTap): IngestTap {
  const text = <T extends string | null | undefined>(value: T): T => (typeof value === 'string' ? (storedText(value) as T) : value);
  return {
    ...tap,
    source_id: text(tap.source_id),
    access_point: { ...tap.access_point, id: text(tap.access_point.id), description: text(tap.access_point.description) },
    identity: { ...tap.identity, name: text(tap.identity.name), unit: text(tap.identity.unit) },
    credential: { ...tap.credential, id: text(tap.credential.id), label: text(tap.credential.label) },
  };
}

/**
 * Badge taps in (the ingest API and the CSV import): an access-control system is the source of its identities,
 * credentials and access points, so each tap creates or updates them; the tap itself is stored once per sender id.
 * A request is validated whole and written in one transaction: a bad tap refuses it all and writes nothing.
 */
export class TapsService {
  constructor(
    private readonly d: {
      db: Db;
      /** one building's tap batches are written one at a time (the same batch sent twice at once stores it once) */
      dialect: Pick<SqlDialect, 'lockKey'>;
      badges: BadgesRepository;
      faces: Pick<FacesPort, 'byCards'>;
      cameras: CameraDirectory;
      clock: Clock;
      /** called after taps are stored (the evaluator looks at them once their window passed) */
      stored?: (count: number) => void;
    },
  ) {}

  async ingest(
    domain: string,
    detectorId: string | null,
    sent: readonly IngestTap[],
  ): Promise<{ ok: true; accepted: number; duplicates: number }> {
    const now = this.d.clock.now();
    // Compared as stored: the same taps again are duplicates, whatever their text.
    const taps = sent.map(storedTap);
    await this.validate(domain, taps, now);
    // Registry people by card number: an identity is linked to the person whose card is one of its credentials.
    const people = await this.d.faces.byCards(domain, [...new Set(taps.map((t) => t.credential.id))]);
    const personByCard = new Map(people.map((p) => [p.card, p.uuid]));
    const result = await this.d.db.transaction().execute(async (trx) => {
      // Before the duplicate check: a batch in flight twice (a retry while the first try is still running) would
      // otherwise pass it twice and fail on the unique index.
      await this.d.dialect.lockKey(trx, `taps:${domain}`);
      const known = await this.d.badges.knownSources(
        trx,
        domain,
        taps.map((t) => t.source_id),
      );
      const fresh: IngestTap[] = [];
      const seen = new Set<string>();
      for (const tap of taps) {
        if (known.has(tap.source_id) || seen.has(tap.source_id)) continue;
        seen.add(tap.source_id);
        fresh.push(tap);
      }
      // Identities, credentials and access points are upserted from every tap (the newest details win).
      const identities = await this.upsertIdentities(trx, domain, taps, personByCard, now);
      const credentials = await this.upsertCredentials(trx, domain, taps, identities, now);
      const points = await this.upsertAccessPoints(trx, domain, taps, now);
      const rows: NewTap[] = fresh.map((tap) => ({
        uuid: randomUUID(),
        domain_uuid: domain,
        source_id: tap.source_id,
        detector_id: detectorId,
        access_point_uuid: points.get(tap.access_point.id)!,
        identity_uuid: identities.get(tap.identity.id)!.uuid,
        credential_uuid: credentials.get(tap.credential.id)!.uuid,
        event_at: Date.parse(tap.at),
        granted: tap.granted ? 1 : 0,
        received_at: now,
      }));
      await this.d.badges.insertTaps(trx, rows);
      return { accepted: rows.length, duplicates: taps.length - rows.length };
    });
    if (result.accepted > 0) this.d.stored?.(result.accepted);
    return { ok: true, ...result };
  }

  private async validate(domain: string, taps: readonly IngestTap[], now: number): Promise<void> {
    const cameras = [...new Set(taps.flatMap((t) => (t.access_point.camera_uuid ? [t.access_point.camera_uuid] : [])))];
    for (const uuid of cameras) {
      const camera = await this.d.cameras.findOne(uuid);
      if (camera?.domain_uuid !== domain || camera.removed_at !== null) throw badRequest(`No camera ${uuid} in service in this building.`);
    }
    taps.forEach((tap, i) => {
      if (Date.parse(tap.at) > now + INGEST.futureToleranceMs) throw badRequest(`taps[${i}].at lies in the future.`);
    });
    // One identity per credential within a request: two taps may not disagree about who holds a card.
    const holder = new Map<string, string>();
    taps.forEach((tap, i) => {
      const was = holder.get(tap.credential.id);
      if (was !== undefined && was !== tap.identity.id)
        throw badRequest(`taps[${i}]: credential ${maskCredential(tap.credential.id)} is given to two identities in one request.`);
      holder.set(tap.credential.id, tap.identity.id);
    });
  }

  private async upsertIdentities(
    trx: Trx,
    domain: string,
    taps: readonly IngestTap[],
    personByCard: ReadonlyMap<string, string>,
    now: number,
  ): Promise<Map<string, BadgeIdentityRow | { uuid: string }>> {
    const latest = new Map<string, IngestTap>();
    for (const tap of taps) latest.set(tap.identity.id, tap);
    const existing = new Map((await this.d.badges.identitiesByIds(trx, domain, [...latest.keys()])).map((r) => [r.identity_id, r]));
    const out = new Map<string, BadgeIdentityRow | { uuid: string }>();
    for (const [id, tap] of latest) {
      const face = personByCard.get(tap.credential.id) ?? null;
      const unit = tap.identity.unit ?? null;
      const row = existing.get(id);
      if (row) {
        if (row.name !== tap.identity.name || row.unit !== unit || row.role !== tap.identity.role || (face && row.face_uuid !== face))
          await this.d.badges.updateIdentity(trx, row.uuid, {
            name: tap.identity.name,
            unit,
            role: tap.identity.role,
            face_uuid: face ?? row.face_uuid,
            updated_at: now,
          });
        out.set(id, row);
        continue;
      }
      const uuid = randomUUID();
      await this.d.badges.insertIdentity(trx, {
        uuid,
        domain_uuid: domain,
        identity_id: id,
        name: tap.identity.name,
        unit,
        role: tap.identity.role,
        face_uuid: face,
        last_tap_at: null,
        last_verified_at: null,
        last_verified_by: null,
        created_at: now,
        updated_at: now,
      });
      out.set(id, { uuid });
    }
    return out;
  }

  private async upsertCredentials(
    trx: Trx,
    domain: string,
    taps: readonly IngestTap[],
    identities: ReadonlyMap<string, { uuid: string }>,
    now: number,
  ): Promise<Map<string, BadgeCredentialRow>> {
    const latest = new Map<string, IngestTap>();
    for (const tap of taps) latest.set(tap.credential.id, tap);
    const existing = new Map((await this.d.badges.credentialsByIds(trx, domain, [...latest.keys()])).map((r) => [r.credential_id, r]));
    const out = new Map<string, BadgeCredentialRow>();
    for (const [id, tap] of latest) {
      const identity = identities.get(tap.identity.id)!.uuid;
      const label = tap.credential.label ?? maskCredential(id);
      const row = existing.get(id);
      if (row) {
        // A card given to someone else is theirs from now on; its earlier taps stay with whoever held it then.
        if (row.identity_uuid !== identity || row.label !== label) await this.d.badges.moveCredential(trx, row.uuid, identity, label, now);
        out.set(id, { ...row, identity_uuid: identity, label });
        continue;
      }
      const created = { uuid: randomUUID(), domain_uuid: domain, identity_uuid: identity, credential_id: id, label, created_at: now };
      await this.d.badges.insertCredential(trx, created);
      out.set(id, created);
    }
    return out;
  }

  private async upsertAccessPoints(trx: Trx, domain: string, taps: readonly IngestTap[], now: number): Promise<Map<string, string>> {
    const latest = new Map<string, IngestTap['access_point']>();
    for (const tap of taps) latest.set(tap.access_point.id, { ...latest.get(tap.access_point.id), ...tap.access_point });
    const existing = new Map((await this.d.badges.accessPoints(trx, domain, [...latest.keys()])).map((r) => [r.external_id, r]));
    const out = new Map<string, string>();
    for (const [id, point] of latest) {
      const row = existing.get(id);
      if (row) {
        const change = {
          ...(point.description && point.description !== row.description && { description: point.description }),
          ...(point.camera_uuid && point.camera_uuid !== row.camera_uuid && { camera_uuid: point.camera_uuid }),
        };
        if (Object.keys(change).length > 0) await this.d.badges.updateAccessPoint(trx, row.uuid, change);
        out.set(id, row.uuid);
        continue;
      }
      const uuid = randomUUID();
      await this.d.badges.insertAccessPoint(trx, {
        uuid,
        domain_uuid: domain,
        external_id: id,
        description: point.description ?? id,
        camera_uuid: point.camera_uuid ?? null,
        window_before_ms: BADGES.windowBeforeMs,
        window_after_ms: BADGES.windowAfterMs,
        created_at: now,
      });
      out.set(id, uuid);
    }
    return out;
  }
}
