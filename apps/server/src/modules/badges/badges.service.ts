import {
  BADGES,
  isWellTrained,
  matchRatio,
  registryPersonShown,
  registryVisibility,
  type AccessEvent,
  type AccessEventsReply,
  type BadgeDetection,
  type BadgeIdentity,
  type RegistryVisibility,
} from '@vigil/contract';
import { requireEntitlement, type Principal } from '../../auth/principal.js';
import type { Db } from '../../db/database.js';
import type { AccessEventRow, BadgeIdentityRow, BadgeTagRow, BadgeVerificationRow } from '../../db/schema.js';
import type { Clock } from '../../lib/clock.js';
import { notFound } from '../../lib/http-error.js';
import { signedFrameUrl } from '../../media/frames.js';
import type { FrameAvailability } from '../../media/frame-availability.js';
import type { MediaSigner } from '../../media/signing.js';
import type { FacesPort } from '../faces/faces.port.js';
import type { PersonCard } from '../faces/people-view.js';
import { identityIds, storedTag } from './badges.presenters.js';
import type { BadgeTagsRepository } from './badge-tags.repository.js';
import type { BadgesRepository } from './badges.repository.js';
import type { ScoringCache, TapEvaluator } from './tap-evaluator.js';
import type { TapScorer } from './tap-scorer.js';

/** A badge list made for a building is reused this long at most while nothing it shows changed. */
const LIST_FRESH_MS = 60_000;

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

/** What of the faces registry a caller may see in a building (DECISIONS.md): the badge pages show no more. */
export const visibilityOf = (principal: Principal, domain: string): RegistryVisibility =>
  registryVisibility(principal.entitlements[domain]);

/** A registry person's card when the caller may see them (not deleted, their role shown to this caller). */
export const shownCard = (card: PersonCard | undefined, visibility: RegistryVisibility): PersonCard | undefined =>
  card && !card.removed && registryPersonShown(visibility, card.role) ? card : undefined;

/**
 * The badge list and detail (part 2 §2, §7): identities with their tap counters, a badge's taps with the faces at the
 * door scored against the holder and co-tenants, verified matches (confirmed tags), the use score and tag search.
 * Reading needs keycard/view_all in the building (tags: badge-tags.service.ts); registry people are named and pictured
 * only to callers who may see them in the faces list. Reads never evaluate taps: the background evaluator does.
 */
export class BadgesService {
  constructor(
    private readonly d: {
      db: Db;
      badges: BadgesRepository;
      tags: BadgeTagsRepository;
      faces: Pick<FacesPort, 'cards'>;
      scorer: TapScorer;
      evaluator: TapEvaluator;
      f1Scores: (domain: string) => Promise<Map<string, number | null>>;
      /** whether a face's crop can be shown (kept, or the recording holds the moment) */
      frames: Pick<FrameAvailability, 'prepare' | 'pictured'>;
      /** the building's credentials_hide_no_image preference (part 1 §3): faces without a picture are left out */
      hideNoImage: (domain: string) => Promise<boolean>;
      /** what the list shows besides badges' own rows (the registry's people and photos, the loaded model), summed up */
      listKey: (domain: string) => Promise<string>;
      signer: MediaSigner;
      clock: Clock;
    },
  ) {}

  /**
   * The last badge list made per building and registry visibility, with what it was made of (made again when that
   * changes, or after a minute: its photo links are signed). Callers of one class may all see what it holds.
   */
  private readonly lists = new Map<string, { key: string; at: number; identities: BadgeIdentity[] }>();

  async list(principal: Principal, domain: string): Promise<{ ok: true; identities: BadgeIdentity[] }> {
    requireEntitlement(principal, domain, 'keycard', 'view_all');
    const visibility = visibilityOf(principal, domain);
    const key = `${await this.d.badges.listVersion(domain)}|${await this.d.listKey(domain)}`;
    const now = this.d.clock.now();
    const cached = this.lists.get(`${domain}|${visibility}`);
    if (cached?.key === key && now - cached.at < LIST_FRESH_MS) return { ok: true, identities: cached.identities };
    const identities = await this.identities(domain, visibility);
    this.lists.set(`${domain}|${visibility}`, { key, at: now, identities });
    return { ok: true, identities };
  }

  /** Every identity of a building as the list shows it to a caller of this visibility (reports and the PDF use it too). */
  async identities(domain: string, visibility: RegistryVisibility, only?: ReadonlySet<string>): Promise<BadgeIdentity[]> {
    const all = await this.d.badges.identities(domain);
    const rows = only ? all.filter((r) => only.has(r.uuid)) : all;
    const credentials = await this.d.badges.credentials(domain);
    const cards = await this.d.faces.cards(rows.flatMap((r) => (r.face_uuid ? [r.face_uuid] : [])));
    const f1 = await this.d.f1Scores(domain);
    const byUnit = new Map<string, BadgeIdentityRow[]>();
    for (const r of all) if (r.unit) byUnit.set(r.unit, [...(byUnit.get(r.unit) ?? []), r]);
    const credentialsOf = new Map<string, { credential_uuid: string; label: string }[]>();
    for (const c of credentials)
      credentialsOf.set(c.identity_uuid, [...(credentialsOf.get(c.identity_uuid) ?? []), { credential_uuid: c.uuid, label: c.label }]);
    return rows.map((r) => {
      const card = shownCard(r.face_uuid ? cards.get(r.face_uuid) : undefined, visibility);
      const f1Score = r.face_uuid ? (f1.get(r.face_uuid) ?? null) : null;
      const counts = { matched: r.matched, total: r.taps, nullMatched: r.null_matched };
      return {
        identityId: r.identity_id,
        name: r.name,
        person_name: card?.name ?? null,
        frontend_face_uuid: card ? r.face_uuid : null,
        unit: r.unit,
        role: r.role as BadgeIdentity['role'],
        matchRatio: matchRatio(counts),
        total: r.taps,
        nullMatched: r.null_matched,
        matched: r.matched,
        wellTrained: isWellTrained({ f1_score: f1Score, images_tagged: r.tags }),
        lastVerifiedTimestamp: iso(r.last_verified_at),
        lastSeenUnixTimestamp: r.last_tap_at === null ? null : Math.floor(r.last_tap_at / 1000),
        credentials: credentialsOf.get(r.uuid) ?? [],
        f1_score: f1Score,
        images_tagged: r.tags,
        images: card?.image_uri ? [{ uri: card.image_uri, thumbnail_uri: card.image_uri }] : [],
        cotenants: (r.unit ? (byUnit.get(r.unit) ?? []) : [])
          .filter((c) => c.uuid !== r.uuid)
          .map((c) => ({ identityId: c.identity_id, name: c.name, role: c.role as BadgeIdentity['role'] })),
      };
    });
  }

  /** An identity of the building, or 404 (the same answer for another building's). */
  async identityRow(domain: string, identityId: string): Promise<BadgeIdentityRow> {
    const row = await this.d.badges.identity(domain, identityId);
    if (!row) throw notFound('No such badge identity in this building.');
    return row;
  }

  async accessEvents(
    principal: Principal,
    domain: string,
    identityId: string,
    q: { limit: number; view: 'verifiable' | 'all' | 'verified'; credential_uuid?: string | undefined; before?: string | undefined },
  ): Promise<AccessEventsReply> {
    requireEntitlement(principal, domain, 'keycard', 'view_all');
    const visibility = visibilityOf(principal, domain);
    const row = await this.identityRow(domain, identityId);
    const taps = await this.d.badges.identityTaps(row.uuid, {
      limit: q.limit + 1,
      view: q.view,
      ...(q.before && { before: Date.parse(q.before) }),
      ...(q.credential_uuid && { credential: q.credential_uuid }),
    });
    const events = await this.present(row, taps.slice(0, q.limit), visibility, await this.d.hideNoImage(domain));
    const [identity] = await this.identities(domain, visibility, new Set([row.uuid]));
    return {
      ok: true,
      identity: identity!,
      events,
      more: taps.length > q.limit,
      lastVerification: row.last_verified_at === null ? null : { by: row.last_verified_by, at: iso(row.last_verified_at) },
    };
  }

  /** Taps as the badge detail shows them to a caller of this visibility: each with its faces scored (the best BADGES.tapDetections). */
  async present(
    holder: BadgeIdentityRow,
    taps: readonly AccessEventRow[],
    visibility: RegistryVisibility,
    hideNoImage = false,
  ): Promise<AccessEvent[]> {
    const detections = BADGES.tapDetections;
    if (taps.length === 0) return [];
    const points = new Map(
      (await this.d.badges.accessPointsByUuid([...new Set(taps.map((t) => t.access_point_uuid))])).map((p) => [p.uuid, p]),
    );
    const cotenants = await this.d.evaluator.cotenants(holder);
    const everyone = [holder, ...cotenants];
    const identityName = (uuid: string) => everyone.find((i) => i.uuid === uuid)?.name;
    // The taps' tags, read once and looked up per tap.
    const tagRows = await this.d.tags.tagsOfTaps(
      this.d.db,
      taps.map((t) => t.uuid),
    );
    const byTap = new Map<string, BadgeTagRow[]>();
    for (const tag of tagRows) byTap.set(tag.access_event_uuid, [...(byTap.get(tag.access_event_uuid) ?? []), tag]);
    const tagsOf = (tap: string): readonly BadgeTagRow[] => byTap.get(tap) ?? [];
    const verifications = new Map<string, BadgeVerificationRow[]>();
    for (const v of await this.d.tags.verificationsOfTaps(
      this.d.db,
      taps.map((t) => t.uuid),
    ))
      verifications.set(v.access_event_uuid, [...(verifications.get(v.access_event_uuid) ?? []), v]);
    const verificationsOf = (tap: string): readonly BadgeVerificationRow[] => verifications.get(tap) ?? [];
    const ids = identityIds(everyone);
    const out: AccessEvent[] = [];
    const people = new Set<string>();
    const scoredTaps = [];
    const cache: ScoringCache = new Map();
    for (const tap of taps) {
      const point = points.get(tap.access_point_uuid)!;
      const scored = await this.d.evaluator.scoreTap(tap, point, holder, cotenants, {
        tags: tagsOf(tap.uuid),
        verifications: verificationsOf(tap.uuid),
        cache,
      });
      for (const face of scored.faces) if (face.person) people.add(face.person);
      if (tap.shared_with) people.add(tap.shared_with);
      scoredTaps.push({ tap, point, scored });
    }
    const cards = await this.d.faces.cards(people);
    const nameOf = (uuid: string) => shownCard(cards.get(uuid), visibility)?.name ?? null;
    const now = this.d.clock.now();
    await this.d.frames.prepare(scoredTaps.flatMap((t) => (t.point.camera_uuid ? [t.point.camera_uuid] : [])));
    for (const { tap, point, scored } of scoredTaps) {
      const tapTags = tagsOf(tap.uuid);
      const presented = this.d.scorer.present(scored, holder, tapTags, { identity: identityName, person: nameOf }, (face) =>
        this.image(face, point.camera_uuid, now),
      );
      const all = hideNoImage ? presented.filter((d) => d.imageUrl !== null) : presented;
      // The newest verification of the tap, with its face or (an identity that keeps none) without.
      const last = [...tapTags.filter((t) => t.rejected === 0), ...verificationsOf(tap.uuid)].sort(
        (a, b) => b.verified_at - a.verified_at,
      )[0];
      out.push({
        uuid: tap.uuid,
        eventTimestamp: new Date(tap.event_at).toISOString(),
        accessPointDescription: point.description,
        cameraUUID: point.camera_uuid,
        credential_uuid: tap.credential_uuid,
        granted: tap.granted === 1,
        detections: all.slice(0, detections),
        moreDetections: all.length > detections,
        confirmedDetections: tapTags.map((t) => storedTag(t, ids)),
        lastVerifiedTenantDescription: last ? (identityName(last.identity_uuid) ?? null) : null,
        lastVerifiedTimestamp: last ? iso(last.verified_at) : null,
        lastVerifiedBy: last?.verified_by ?? null,
        bestMatchConfidenceLabel: scored.verdict.bestLabel,
        passages: scored.verdict.passages,
        flags: [...(tap.shared_with ? (['shared'] as const) : []), ...(tap.tailgate === 1 ? (['tailgate'] as const) : [])],
        sharedWith: tap.shared_with ? nameOf(tap.shared_with) : null,
        matched: scored.verdict.matched,
      });
    }
    return out;
  }

  /** A face's crop as a signed link, or null when there is no picture to show. */
  private image(face: { id: string; at: number }, camera: string | null, now: number): string | null {
    return camera && this.d.frames.pictured('poster', face.id, camera, face.at)
      ? signedFrameUrl(this.d.signer, 'poster', face.id, now)
      : null;
  }

  async score(principal: Principal, domain: string, identityId: string) {
    requireEntitlement(principal, domain, 'keycard', 'view_all');
    const row = await this.identityRow(domain, identityId);
    const counts = { matched: row.matched, total: row.taps, nullMatched: row.null_matched };
    return { ok: true as const, matchRatio: matchRatio(counts), total: row.taps, matched: row.matched, nullMatched: row.null_matched };
  }

  /** More Detections: every face at the tap's door within ±window, scored against the identity. */
  async tagSearch(
    principal: Principal,
    domain: string,
    body: { access_event_uuid: string; identity_id: string; window_seconds: number; limit: number },
  ): Promise<{ ok: true; detections: BadgeDetection[] }> {
    requireEntitlement(principal, domain, 'keycard', 'view_all');
    const visibility = visibilityOf(principal, domain);
    const holder = await this.identityRow(domain, body.identity_id);
    const tap = await this.d.badges.tap(domain, body.access_event_uuid);
    if (!tap) throw notFound('No such access event in this building.');
    const [point] = await this.d.badges.accessPointsByUuid([tap.access_point_uuid]);
    const cotenants = await this.d.evaluator.cotenants(holder);
    const scored = await this.d.evaluator.scoreTap(tap, point!, holder, cotenants, { windowMs: body.window_seconds * 1000 });
    const tags = await this.d.tags.tagsOfTaps(this.d.db, [tap.uuid]);
    const cards = await this.d.faces.cards(scored.faces.flatMap((f) => (f.person ? [f.person] : [])));
    const everyone = [holder, ...cotenants];
    const now = this.d.clock.now();
    if (point!.camera_uuid) await this.d.frames.prepare([point!.camera_uuid]);
    const detections = this.d.scorer.present(
      scored,
      holder,
      tags,
      {
        identity: (uuid) => everyone.find((i) => i.uuid === uuid)?.name,
        person: (uuid) => shownCard(cards.get(uuid), visibility)?.name ?? null,
      },
      (face) => this.image(face, point!.camera_uuid, now),
    );
    const shown = (await this.d.hideNoImage(domain)) ? detections.filter((d) => d.imageUrl !== null) : detections;
    return { ok: true, detections: shown.slice(0, body.limit) };
  }
}
