import type { Authenticator } from '../../auth/authenticate.js';
import type { Db, Trx } from '../../db/database.js';
import type { SqlDialect } from '../../db/dialect.js';
import type { Clock } from '../../lib/clock.js';
import type { App } from '../../lib/routes.js';
import type { FrameAvailability } from '../../media/frame-availability.js';
import type { MediaSigner } from '../../media/signing.js';
import { preferencesOf, type DomainDirectory } from '../domains/domains.port.js';
import type { AuditService } from '../audit/audit.service.js';
import type { FacesPort } from '../faces/faces.port.js';
import type { DetectorsService } from '../ingest/detectors.service.js';
import type { ScoringGalleries } from '../training/scoring-gallery.js';
import type { CameraDirectory } from '../video/cameras.port.js';
import { BadgeConsent } from './badge-consent.js';
import type { BadgeTagsRepository } from './badge-tags.repository.js';
import type { BadgesRepository } from './badges.repository.js';
import { badgesRoutes } from './badges.routes.js';
import { BadgeTagsService } from './badge-tags.service.js';
import { BadgesService } from './badges.service.js';
import { CredentialReportService } from './credential-report.service.js';
import { TapEvaluator } from './tap-evaluator.js';
import { TapScorer } from './tap-scorer.js';
import { TapsService } from './taps.service.js';

/** How often the server looks for taps whose window has passed. */
const EVALUATE_EVERY_MS = 5_000;

/** What the badges area is made of, besides the routes (the server, service tests and the CLI build it alike). */
export interface BadgesAreaDeps {
  db: Db;
  /** the building lock that tag saves and consent changes share */
  dialect: Pick<SqlDialect, 'lockDomain' | 'lockKey'>;
  badges: BadgesRepository;
  tags: BadgeTagsRepository;
  faces: FacesPort;
  /** whether the building's recognition needs consent (badge identities follow the rule) */
  privacy: { consentRequired(domain: string, trx?: Trx): Promise<boolean> };
  galleries: ScoringGalleries;
  f1Scores: (domain: string) => Promise<Map<string, number | null>>;
  /** what the badge list shows besides badges' own rows (registry people and photos, the loaded model), summed up */
  listKey: (domain: string) => Promise<string>;
  cameras: CameraDirectory;
  domains: DomainDirectory;
  signer: MediaSigner;
  /** whether a face's crop can be shown (kept, or the recording holds the moment) */
  frames: Pick<FrameAvailability, 'prepare' | 'pictured'>;
  crop: (id: string) => Promise<Buffer | null>;
  clock: Clock;
  audit: Pick<AuditService, 'record'>;
}

/** The badges area's services, wired to each other: no routes, no timer. */
export function createBadgesArea(d: BadgesAreaDeps) {
  const consent = new BadgeConsent({
    db: d.db,
    consentRequired: (domain, trx) => d.privacy.consentRequired(domain, trx),
    faces: d.faces,
    badges: d.badges,
    tags: d.tags,
  });
  const scorer = new TapScorer({ badges: d.badges, tags: d.tags, faces: d.faces, galleries: d.galleries });
  const evaluator = new TapEvaluator({ db: d.db, badges: d.badges, tags: d.tags, scorer, consent, clock: d.clock });
  const taps = new TapsService({ db: d.db, dialect: d.dialect, badges: d.badges, faces: d.faces, cameras: d.cameras, clock: d.clock });
  const service = new BadgesService({
    ...d,
    scorer,
    evaluator,
    hideNoImage: async (domain) => (await preferencesOf(d.domains, domain)).credentials_hide_no_image,
  });
  const tags = new BadgeTagsService({ ...d, identities: service, scorer, evaluator, consent });
  const reports = new CredentialReportService({ ...d, service });
  return { badges: service, tags, reports, taps, evaluator, consent };
}

/**
 * Badges: taps in (detector keys), the evaluator that compares each tap's door faces with its badge holder once its
 * window has passed, the badge list and detail, tags, and the credential report (table or PDF).
 */
export function wireBadges(
  app: App,
  d: BadgesAreaDeps & {
    authenticator: Authenticator;
    detectors: DetectorsService;
    /** look for due taps on a timer (off in tests that drive the evaluator themselves) */
    evaluateEveryMs?: number | null;
  },
) {
  const area = createBadgesArea(d);
  const { evaluator } = area;
  badgesRoutes(app, {
    authenticator: d.authenticator,
    badges: area.badges,
    tags: area.tags,
    reports: area.reports,
    taps: area.taps,
    detectors: d.detectors,
  });
  const every = d.evaluateEveryMs === undefined ? EVALUATE_EVERY_MS : d.evaluateEveryMs;
  if (every !== null) {
    let running = false;
    const timer = setInterval(() => {
      if (running) return;
      running = true;
      evaluator
        .evaluateDue()
        .catch((err: unknown) => app.log.warn({ err }, 'evaluating badge taps failed'))
        .finally(() => (running = false));
    }, every);
    timer.unref();
    app.addHook('onClose', () => clearInterval(timer));
  }
  return { badges: area.badges, reports: area.reports, taps: area.taps, evaluator, consent: area.consent };
}
