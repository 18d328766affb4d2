import { BADGES } from '@vigil/contract';
import type { Db } from '../../db/database.js';
import type { AccessEventRow, AccessPointRow, BadgeIdentityRow, BadgeTagRow, BadgeVerificationRow } from '../../db/schema.js';
import type { Clock } from '../../lib/clock.js';
import type { BadgeConsent } from './badge-consent.js';
import type { BadgeTagsRepository } from './badge-tags.repository.js';
import type { BadgesRepository } from './badges.repository.js';
import { isTailgate, type ScoringGallery } from './door-faces.js';
import type { ScoredTap, TapScorer } from './tap-scorer.js';

/** A tap is looked at this long after it happened: its window has passed and the analyzer's faces (and pictures) are in. */
export const EVALUATE_AFTER_MS = BADGES.windowAfterMs + 15_000;
const BATCH = 100;
/** A tap whose verdict another evaluation wrote first is scored again (with the tags of now) at most this often. */
const RETRIES = 5;

/** What one call's taps share: per holder and co-tenants (and embedder), the gallery and who among them is faceless. */
export type ScoringCache = Map<string, { gallery: ScoringGallery | null; faceless: ReadonlySet<string> }>;

/**
 * Looks at taps once their window has passed: how many faces and people were at the door, whether one was the holder,
 * whether the badge was used by someone else or followed by more people than taps. The verdict is stored on the tap and
 * counted on its identity (so the badge list reads one row per identity). Taps are looked at again when someone tags
 * their faces. A verdict is written only over the state it was computed from, so two servers never count a tap twice.
 */
export class TapEvaluator {
  constructor(
    private readonly d: {
      db: Db;
      badges: BadgesRepository;
      tags: BadgeTagsRepository;
      scorer: TapScorer;
      consent: Pick<BadgeConsent, 'facelessNow'>;
      clock: Clock;
    },
  ) {}

  /** Evaluates the taps that are due (of one building, or all); the number looked at. */
  async evaluateDue(domain?: string): Promise<number> {
    let total = 0;
    for (;;) {
      const due = await this.d.badges.dueTaps(this.d.clock.now() - EVALUATE_AFTER_MS, BATCH, domain);
      if (due.length === 0) return total;
      await this.evaluate(due);
      total += due.length;
      if (due.length < BATCH) return total;
    }
  }

  /**
   * Scores taps and stores their verdicts. Taps looked at again after a tag changed (`fresh`) are scored again if another
   * evaluation wrote over them meanwhile, so the last verdict stored is made from the newest tags.
   */
  async evaluate(taps: readonly AccessEventRow[], fresh = false): Promise<void> {
    const points = new Map(
      (await this.d.badges.accessPointsByUuid([...new Set(taps.map((t) => t.access_point_uuid))])).map((p) => [p.uuid, p]),
    );
    const identities = new Map(
      (await this.d.badges.identitiesByUuid(this.d.db, [...new Set(taps.map((t) => t.identity_uuid))])).map((i) => [i.uuid, i]),
    );
    const units = new Map<string, BadgeIdentityRow[]>();
    const cache: ScoringCache = new Map();
    for (let tap of taps) {
      const point = points.get(tap.access_point_uuid);
      const holder = identities.get(tap.identity_uuid);
      if (!point || !holder) continue;
      const cotenants = await this.cotenants(holder, units);
      for (let attempt = 0; attempt < (fresh ? RETRIES : 1); attempt++) {
        // Scored again from what is stored now: the gallery of this call may hold faces of tags since changed.
        const scored = await this.scoreTap(tap, point, holder, cotenants, attempt === 0 ? { cache } : {});
        const tailgate = await this.tailgate(tap, point, scored);
        const written = await this.d.db.transaction().execute((trx) =>
          this.d.badges.setVerdict(trx, tap, {
            evaluated_at: this.d.clock.now(),
            faces: scored.verdict.faces,
            passages: scored.verdict.passages,
            matched: scored.verdict.matched ? 1 : 0,
            best_label: scored.verdict.bestLabel,
            shared_with: scored.verdict.sharedWith,
            door_face: scored.verdict.doorFace,
            tailgate: tailgate ? 1 : 0,
          }),
        );
        if (written) break;
        const [now] = await this.d.badges.tapsByUuid(this.d.db, [tap.uuid]);
        if (!now) break;
        tap = now;
      }
    }
  }

  /** The identities of the holder's unit but the holder. */
  async cotenants(holder: BadgeIdentityRow, cache = new Map<string, BadgeIdentityRow[]>()): Promise<BadgeIdentityRow[]> {
    if (!holder.unit) return [];
    const key = `${holder.domain_uuid}|${holder.unit}`;
    let unit = cache.get(key);
    if (!unit) {
      unit = await this.d.badges.unit(holder.domain_uuid, holder.unit);
      cache.set(key, unit);
    }
    return unit.filter((i) => i.uuid !== holder.uuid);
  }

  async scoreTap(
    tap: AccessEventRow,
    point: AccessPointRow,
    holder: BadgeIdentityRow,
    cotenants: readonly BadgeIdentityRow[],
    o: {
      windowMs?: number;
      /** the tap's tags and verifications without a face, when the caller read them already */
      tags?: readonly BadgeTagRow[];
      verifications?: readonly BadgeVerificationRow[];
      /** what earlier taps of the same call made (the same people and embedder need one gallery) */
      cache?: ScoringCache;
    } = {},
  ): Promise<ScoredTap> {
    const { faces, embedder } = await this.d.scorer.doorFaces(tap, point, o.windowMs);
    const everyone = [holder, ...cotenants];
    const key = `${tap.domain_uuid}|${embedder ?? '-'}|${everyone.map((i) => i.uuid).join(',')}`;
    let scoring = o.cache?.get(key);
    if (!scoring) {
      const faceless = await this.d.consent.facelessNow(tap.domain_uuid, everyone);
      const gallery = await this.d.scorer.gallery(
        tap.domain_uuid,
        embedder,
        everyone.filter((i) => !faceless.has(i.uuid)),
      );
      scoring = { gallery, faceless };
      o.cache?.set(key, scoring);
    }
    const tags = o.tags ?? (await this.d.tags.tagsOfTaps(this.d.db, [tap.uuid]));
    const verifications = o.verifications ?? (await this.d.tags.verificationsOfTaps(this.d.db, [tap.uuid]));
    return this.d.scorer.score(faces, scoring.gallery, holder, cotenants, tags, { verifications, faceless: scoring.faceless });
  }

  /** More people through the door just after the tap than taps there around it. */
  private async tailgate(tap: AccessEventRow, point: AccessPointRow, scored: ScoredTap): Promise<boolean> {
    const after = new Set<number>();
    scored.faces.forEach((face, i) => {
      if (face.at >= tap.event_at && face.at <= tap.event_at + BADGES.tailgateWindowMs) after.add(scored.passages[i]!);
    });
    if (after.size < 2) return false;
    const taps = await this.d.badges.tapsAt(point.uuid, tap.event_at - BADGES.tailgateWindowMs, tap.event_at + BADGES.tailgateWindowMs);
    return isTailgate(after.size, taps);
  }
}
