import type { Executor, Trx } from '../../db/database.js';
import type { BadgesRepository } from './badges.repository.js';
import { tapState } from './credential-report.service.js';
import type { PersonBadgesRepository } from './person-badges.repository.js';

/** A person's badges in their subject access export (times in epoch ms). */
export interface PersonBadgeExport {
  identities: {
    identityId: string;
    name: string;
    unit: string | null;
    role: string;
    credentials: string[];
    firstSeenAt: number;
    lastTapAt: number | null;
  }[];
  taps: { tapId: string; at: number; badge: string; accessPoint: string | null; granted: boolean; result: string; flags: string[] }[];
  /** faces confirmed (or rejected) for their badges at taps, and taps verified without a face kept, with who and when */
  matches: {
    tapAt: number | null;
    badge: string;
    accessPoint: string | null;
    /** the door face (none when the building keeps no face of theirs: consent required and not given) */
    detectionId: string | null;
    answer: 'confirmed' | 'rejected';
    reason: string | null;
    verifiedBy: string | null;
    verifiedAt: number;
  }[];
}

/**
 * A person's badges as their erasure and export need them (faces asks, badges decide): the badge identities linked to
 * them (by card), which go with their credentials, taps and verified matches; the door faces verified for those
 * identities, which are the person's faces even where nobody named them on the face.
 */
export class PersonBadgesService {
  constructor(private readonly d: { badges: Pick<BadgesRepository, 'linkedTo' | 'deleteIdentities'>; data: PersonBadgesRepository }) {}

  /** The badge identities linked to the person (their ids). */
  async identitiesOf(db: Executor, person: string): Promise<string[]> {
    return (await this.d.badges.linkedTo(db, person)).map((i) => i.uuid);
  }

  /** The detections confirmed as one of these identities at a tap. */
  verifiedFaces(db: Executor, identities: readonly string[]): Promise<string[]> {
    return this.d.data.verifiedFaces(db, identities);
  }

  /** In the erasure's transaction: the identities, with their credentials, taps and verified matches. */
  erase(trx: Trx, identities: readonly string[]): Promise<void> {
    return this.d.badges.deleteIdentities(trx, identities);
  }

  /** Everything badges hold of the person: their identities and credentials, the taps, the verified matches. */
  async exportOf(db: Executor, person: string): Promise<PersonBadgeExport> {
    const identities = await this.d.badges.linkedTo(db, person);
    const uuids = identities.map((i) => i.uuid);
    const badge = new Map(identities.map((i) => [i.uuid, i.identity_id]));
    const credentials = await this.d.data.credentials(db, uuids);
    const taps = await this.d.data.taps(db, uuids);
    const tags = await this.d.data.tags(db, uuids);
    const verifications = await this.d.data.verifications(db, uuids);
    const tapOf = new Map(taps.map((t) => [t.uuid, t]));
    const verified = new Set(
      [...tags.filter((t) => t.rejected === 0), ...verifications].map((t) => `${t.access_event_uuid}/${t.identity_uuid}`),
    );
    const match = (t: { access_event_uuid: string; identity_uuid: string }) => {
      const tap = tapOf.get(t.access_event_uuid);
      return { tapAt: tap ? Number(tap.event_at) : null, badge: badge.get(t.identity_uuid) ?? '', accessPoint: tap?.access_point ?? null };
    };
    return {
      identities: identities.map((i) => ({
        identityId: i.identity_id,
        name: i.name,
        unit: i.unit,
        role: i.role,
        credentials: credentials.filter((c) => c.identity_uuid === i.uuid).map((c) => c.credential_id),
        firstSeenAt: Number(i.created_at),
        lastTapAt: i.last_tap_at === null ? null : Number(i.last_tap_at),
      })),
      taps: taps.map((t) => ({
        tapId: t.source_id,
        at: Number(t.event_at),
        badge: badge.get(t.identity_uuid) ?? '',
        accessPoint: t.access_point,
        granted: t.granted === 1,
        result: t.evaluated_at === null ? 'Not looked at yet' : tapState(t, verified.has(`${t.uuid}/${t.identity_uuid}`)),
        flags: [...(t.shared_with ? ['Shared badge'] : []), ...(t.tailgate === 1 ? ['Tailgating'] : [])],
      })),
      matches: [
        ...tags.map((t) => ({
          ...match(t),
          detectionId: t.detection_id,
          answer: t.rejected === 0 ? ('confirmed' as const) : ('rejected' as const),
          reason: t.rejected_for,
          verifiedBy: t.verified_by,
          verifiedAt: Number(t.verified_at),
        })),
        ...verifications.map((v) => ({
          ...match(v),
          detectionId: null,
          answer: 'confirmed' as const,
          reason: null,
          verifiedBy: v.verified_by,
          verifiedAt: Number(v.verified_at),
        })),
      ].sort((a, b) => a.verifiedAt - b.verifiedAt),
    };
  }
}
