import { randomUUID } from 'node:crypto';
import { consentInputSchema, faceInfoSchema, ingestBatchSchema, ingestTapSchema, type IngestTapInput } from '@vigil/contract';
import type { Principal } from '../../auth/principal.js';
import type { DetectorRow } from '../../db/schema.js';
import { FrameAvailability } from '../../media/frame-availability.js';
import { MediaSigner } from '../../media/signing.js';
import { createAudit } from '../audit/audit.wiring.js';
import { PrivacyService } from '../privacy/privacy.service.js';
import { ScoringGalleries } from '../training/scoring-gallery.js';
import type { ServiceContext } from '../../../test/service-context.js';
import { MAPLE } from '../../../test/harness.js';
import { EXIT } from '../../../test/demo-ids.js';
import { createBadgesArea } from './badges.wiring.js';

// The badges area on a service context (test/service-context.ts), wired as the server wires it, for service tests.

export type BadgesFixture = Awaited<ReturnType<typeof createBadgesFixture>>;

export async function createBadgesFixture(ctx: ServiceContext) {
  const frames = new FrameAvailability({
    clips: ctx.repos.clips,
    clock: ctx.clock,
    liveWindowMs: 60_000,
    kept: (kind, id) => ctx.pictures.exists(kind, id),
  });
  const galleries = new ScoringGalleries({ models: ctx.repos.models, training: ctx.repos.training, consent: ctx.faces, clock: ctx.clock });
  const audit = createAudit({ audit: ctx.repos.audit, cameras: ctx.repos.cameras, clock: ctx.clock });
  const privacy = new PrivacyService({ db: ctx.database.db, privacy: ctx.repos.privacy, clock: ctx.clock });
  const area = createBadgesArea({
    db: ctx.database.db,
    dialect: ctx.database.dialect,
    badges: ctx.repos.badges,
    tags: ctx.repos.badgeTags,
    faces: ctx.faces,
    privacy,
    galleries,
    f1Scores: (domain) => ctx.models.f1Scores(domain),
    listKey: (domain) => ctx.faces.galleryVersion(domain),
    cameras: ctx.repos.cameras,
    domains: ctx.repos.domains,
    signer: new MediaSigner(Buffer.alloc(32, 7)),
    frames,
    crop: (id) => ctx.pictures.read('poster', id),
    clock: ctx.clock,
    audit,
  });
  const detector: DetectorRow = (await ctx.detectors.issue(MAPLE, `badges fixture ${randomUUID()}`, ['detector', 'access_control'], null))
    .detector;

  /** A user with exactly these operations in Maple (a role made for them). */
  async function userWith(email: string, operations: Record<string, string[]>): Promise<Principal> {
    const role = `test-${randomUUID()}`;
    await ctx.transaction((trx) => ctx.repos.access.defineRole(trx, { name: role, description: role, operations }));
    const user = await ctx.repos.access.ensureUser(email, email);
    await ctx.repos.access.grant(user.id, MAPLE, role);
    return ctx.principal(email);
  }

  return {
    ...area,
    privacy,
    detector,
    userWith,
    /** Taps as an access-control system sends them (at Maple's exit door). */
    sendTaps: (taps: IngestTapInput[]) =>
      area.taps.ingest(
        MAPLE,
        detector.id,
        taps.map((t) => ingestTapSchema.parse(t)),
      ),
    /** Faces at Maple's exit as an analyzer sends them. */
    sendFaces: (faces: ReturnType<typeof doorFace>[]) => ctx.ingest.ingest(detector, ingestBatchSchema.parse({ faces })),
    /** A registry person of Maple with this card; with consent given for recognition and alerts when asked. */
    async person(first: string, card: string, role: 'resident' | 'employee', consent = false): Promise<string> {
      const info = faceInfoSchema.parse({
        first_name: first,
        last_name: 'Badge',
        role,
        gender: 'female',
        complexion: 'Other',
        card,
        ...(role === 'resident' && { elopement_risk: false }),
      });
      const answer = consentInputSchema.parse({ state: 'given', given_by: 'person', purposes: ['recognition', 'alerts'] });
      return ctx.writer.create(MAPLE, info, consent ? { answer, by: 'test@maple.example', domain: MAPLE, required: false } : undefined);
    },
  };
}

/** A tap at Maple's exit door. */
export const exitTap = (
  source: string,
  at: number,
  identity: { id: string; name: string; unit?: string },
  card: string,
): IngestTapInput => ({
  source_id: source,
  at: new Date(at).toISOString(),
  access_point: { id: 'exit-door', description: 'Exit door', camera_uuid: EXIT },
  identity: { id: identity.id, name: identity.name, unit: identity.unit ?? null, role: 'tor' },
  credential: { id: card },
});

/** A face at Maple's exit with a 64-number embedding along `axis` (alike faces share an axis). */
export function doorFace(id: string, at: number, axis: number, wobble = 0) {
  const v = new Float32Array(64);
  v[axis] = 1;
  v[(axis + 1) % 64] = wobble;
  return {
    runtime_face_uuid: id,
    camera_uuid: EXIT,
    captured_at: new Date(at).toISOString(),
    frontend_face_uuid: null,
    confidence: 0.3,
    face_confidence: 0.97,
    embedding: Buffer.from(v.buffer).toString('base64'),
    embedder: 'test-embedder-1',
  };
}
