import { BADGES, hasOperation, type ConfirmedTag, type StoredTag } from '@vigil/contract';
import { requireEntitlement, type Principal } from '../../auth/principal.js';
import type { Db } from '../../db/database.js';
import type { SqlDialect } from '../../db/dialect.js';
import type { AccessEventRow, BadgeIdentityRow, BadgeTagRow, BadgeVerificationRow } from '../../db/schema.js';
import type { Clock } from '../../lib/clock.js';
import { badRequest, notFound } from '../../lib/http-error.js';
import { actorOfPrincipal, type AuditService } from '../audit/audit.service.js';
import type { FacesPort } from '../faces/faces.port.js';
import type { BadgeConsent } from './badge-consent.js';
import type { BadgeTagsRepository } from './badge-tags.repository.js';
import type { BadgesRepository } from './badges.repository.js';
import { identityIds, storedTag } from './badges.presenters.js';
import type { BadgesService } from './badges.service.js';
import type { TapEvaluator } from './tap-evaluator.js';
import type { TapScorer } from './tap-scorer.js';

/**
 * Verified matches (part 2 §3, §4, §7 confirmed_tags): which faces of a tap are its holder or a co-tenant (confirmed)
 * or not (rejected, WRONG_PERSON). Saving looks at the taps again, so counts and verified lists follow at once; every
 * save is audited. Reading needs keycard/view_all, saving keycard/edit. Saves of a building take its lock (the one
 * consent changes take), so its identities' counters are exact and the consent rule read is the one in force.
 */
export class BadgeTagsService {
  constructor(
    private readonly d: {
      db: Db;
      dialect: Pick<SqlDialect, 'lockDomain'>;
      badges: BadgesRepository;
      tags: BadgeTagsRepository;
      identities: Pick<BadgesService, 'identityRow'>;
      scorer: TapScorer;
      evaluator: TapEvaluator;
      consent: Pick<BadgeConsent, 'faceless'>;
      /** a badge holder's registry person learns from their tags (the training tool's answers) */
      faces: Pick<FacesPort, 'reviewMatch'>;
      clock: Clock;
      /** records who verified or rejected which faces (absent in tests that do not look at the audit trail) */
      audit?: Pick<AuditService, 'record'>;
    },
  ) {}

  /** GET confirmed_tags: the verified matches (not rejected) per identity, of one identity or the whole building. */
  async tags(principal: Principal, domain: string, identityId?: string): Promise<{ ok: true; tags: Record<string, StoredTag[]> }> {
    requireEntitlement(principal, domain, 'keycard', 'view_all');
    const identities = identityId ? [await this.d.identities.identityRow(domain, identityId)] : await this.d.badges.identities(domain);
    const rows = identityId ? await this.d.tags.tagsOfIdentity(identities[0]!.uuid, false) : await this.d.tags.tagsInDomain(domain);
    const tags: Record<string, StoredTag[]> = {};
    for (const i of identities) tags[i.identity_id] = [];
    const ids = identityIds(identities);
    for (const row of rows) {
      const tag = storedTag(row, ids);
      if (tag.identity_id) tags[tag.identity_id]!.push(tag);
    }
    return { ok: true, tags };
  }

  /**
   * POST confirmed_tags: each tag confirms (or, rejected, refuses) a face of a tap for an identity; a repeated one takes
   * the new answer. Every tap and face must be the building's and the face one seen at that tap's door; the taps are
   * then looked at again (their counts and verified lists move).
   */
  async saveTags(
    principal: Principal,
    domain: string,
    list: readonly ConfirmedTag[],
    remove = false,
  ): Promise<{ ok: true; saved: number }> {
    requireEntitlement(principal, domain, 'keycard', 'edit');
    if (list.length === 0) return { ok: true, saved: 0 };
    const taps = new Map(
      (await this.d.badges.tapsByUuid(this.d.db, [...new Set(list.map((t) => t.access_event_uuid))])).map((t) => [t.uuid, t]),
    );
    const identities = new Map((await this.d.badges.identities(domain)).map((i) => [i.identity_id, i]));
    const rows: BadgeTagRow[] = [];
    const now = this.d.clock.now();
    for (const [i, tag] of list.entries()) {
      const tap = taps.get(tag.access_event_uuid);
      if (tap?.domain_uuid !== domain) throw notFound(`[${i}]: no such access event in this building.`);
      const identity = identities.get(tag.identity_id);
      if (!identity) throw notFound(`[${i}]: no such badge identity in this building.`);
      if (tag.rejected && !tag.rejected_for) throw badRequest(`[${i}]: a rejected tag needs rejected_for (WRONG_PERSON).`);
      rows.push({
        access_event_uuid: tap.uuid,
        detection_id: tag.detection_id,
        identity_uuid: identity.uuid,
        domain_uuid: domain,
        rejected: tag.rejected ? 1 : 0,
        rejected_for: tag.rejected ? (tag.rejected_for ?? 'WRONG_PERSON') : null,
        verified_by: principal.user.email,
        verified_at: now,
      });
    }
    if (!remove) await this.checkFacesAtDoor(rows, taps);
    const { saved, withFaces } = await this.d.db.transaction().execute(async (trx) => {
      await this.d.dialect.lockDomain(trx, domain);
      // Read under the lock: a consent change either forgot these identities' faces before, or waits for this save.
      const faceless = await this.d.consent.faceless(
        trx,
        domain,
        [...identities.values()].filter((i) => rows.some((r) => r.identity_uuid === i.uuid)),
      );
      const withFaces = rows.filter((r) => !faceless.has(r.identity_uuid));
      const without = rows.filter((r) => faceless.has(r.identity_uuid));
      const verified = verificationsWithoutFaces(without);
      let saved = rows.length;
      if (remove) saved = (await this.d.tags.deleteTags(trx, withFaces)) + (await this.d.tags.deleteVerifications(trx, without));
      else {
        await this.d.tags.saveTags(trx, withFaces);
        await this.d.tags.saveVerifications(trx, verified.save);
        await this.d.tags.deleteVerifications(trx, verified.remove);
      }
      await this.d.tags.recount(trx, [...new Set(rows.map((r) => r.identity_uuid))]);
      return { saved, withFaces };
    });
    // A training answer only from someone who may train the building's models (DECISIONS.md, issue 36).
    if (!remove && hasOperation(principal.entitlements[domain], 'faces', 'train_model'))
      await this.teachRegistry(withFaces, [...identities.values()], principal.user.id, now);
    for (const tapUuid of new Set(rows.map((r) => r.access_event_uuid))) {
      const mine = rows.filter((r) => r.access_event_uuid === tapUuid);
      await this.d.audit?.record(actorOfPrincipal(principal), {
        action: 'tagged_badge',
        domain,
        subject: tapUuid,
        detail: {
          change: remove ? 'removed' : 'saved',
          confirmed: mine.filter((r) => r.rejected === 0).length,
          rejected: mine.filter((r) => r.rejected === 1).length,
          identities: [...new Set(list.filter((t) => t.access_event_uuid === tapUuid).map((t) => t.identity_id))].join(' '),
        },
      });
    }
    // The tapped identities' verdicts change with their tags.
    await this.d.evaluator.evaluate(await this.d.badges.tapsByUuid(this.d.db, [...taps.keys()]), true);
    return { ok: true, saved };
  }

  /**
   * A tag of an identity linked to a registry person is also an answer about that face for the person, as the training
   * tool gives them: confirmed, it is them (a confirmed face the recognizer's models train on); rejected (WRONG_PERSON),
   * it is not. Only from a tagger with faces/train_model, and never for a faceless identity (it keeps no face). Removing
   * tags (DELETE) leaves the registry's answers as they are: nobody said anything about the face.
   */
  private async teachRegistry(rows: readonly BadgeTagRow[], identities: readonly BadgeIdentityRow[], by: string, at: number) {
    const personOf = new Map(identities.flatMap((i) => (i.face_uuid ? [[i.uuid, i.face_uuid] as const] : [])));
    const groups = new Map<string, { person: string; answer: boolean; faces: string[] }>();
    for (const row of rows) {
      const person = personOf.get(row.identity_uuid);
      if (!person) continue;
      const answer = row.rejected === 0;
      const key = `${person}:${answer}`;
      const group = groups.get(key) ?? { person, answer, faces: [] };
      group.faces.push(row.detection_id);
      groups.set(key, group);
    }
    for (const { person, answer, faces } of groups.values()) await this.d.faces.reviewMatch(faces, person, answer, by, at);
  }

  /** A tag may only name a face seen at the tap's door within the widest search window (More Detections). */
  private async checkFacesAtDoor(rows: readonly BadgeTagRow[], taps: ReadonlyMap<string, AccessEventRow>): Promise<void> {
    const points = new Map(
      (await this.d.badges.accessPointsByUuid([...new Set([...taps.values()].map((t) => t.access_point_uuid))])).map((p) => [p.uuid, p]),
    );
    const seen = new Map<string, Set<string>>();
    for (const [i, row] of rows.entries()) {
      let ids = seen.get(row.access_event_uuid);
      if (!ids) {
        const tap = taps.get(row.access_event_uuid)!;
        const { faces } = await this.d.scorer.doorFaces(tap, points.get(tap.access_point_uuid)!, BADGES.maxSearchWindowMs);
        ids = new Set(faces.map((f) => f.id));
        seen.set(row.access_event_uuid, ids);
      }
      if (!ids.has(row.detection_id)) throw badRequest(`[${i}]: detection ${row.detection_id} was not seen at this access event's door.`);
    }
  }
}

/**
 * Tags of faceless identities (consent) keep no face: per tap and identity, a confirmed face verifies the badge (who,
 * when); rejections alone take a verification back.
 */
export function verificationsWithoutFaces(rows: readonly BadgeTagRow[]): {
  save: BadgeVerificationRow[];
  remove: Pick<BadgeVerificationRow, 'access_event_uuid' | 'identity_uuid'>[];
} {
  const groups = new Map<string, BadgeTagRow[]>();
  for (const row of rows) {
    const key = `${row.access_event_uuid}|${row.identity_uuid}`;
    groups.set(key, [...(groups.get(key) ?? []), row]);
  }
  const save: BadgeVerificationRow[] = [];
  const remove: Pick<BadgeVerificationRow, 'access_event_uuid' | 'identity_uuid'>[] = [];
  for (const group of groups.values()) {
    const confirmed = group.find((r) => r.rejected === 0);
    const { access_event_uuid, identity_uuid, domain_uuid } = group[0]!;
    if (confirmed)
      save.push({ access_event_uuid, identity_uuid, domain_uuid, verified_by: confirmed.verified_by, verified_at: confirmed.verified_at });
    else remove.push({ access_event_uuid, identity_uuid });
  }
  return { save, remove };
}
