import type { Authenticator } from '../../auth/authenticate.js';
import type { Db } from '../../db/database.js';
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

/**
 * Badges: taps in (detector keys), the evaluator that compares each tap's door faces with its badge holder once its
 * window has passed, the badge list and detail, tags, and the credential report (table or PDF).
 */
export function wireBadges(
  app: App,
  d: {
    db: Db;
    authenticator: Authenticator;
    badges: BadgesRepository;
    tags: BadgeTagsRepository;
    faces: FacesPort;
    galleries: ScoringGalleries;
    f1Scores: (domain: string) => Promise<Map<string, number | null>>;
    /** what the badge list shows besides badges' own rows (registry people and photos, the loaded model), summed up */
    listKey: (domain: string) => Promise<string>;
    cameras: CameraDirectory;
    domains: DomainDirectory;
    detectors: DetectorsService;
    signer: MediaSigner;
    /** whether a face's crop can be shown (kept, or the recording holds the moment) */
    frames: Pick<FrameAvailability, 'prepare' | 'pictured'>;
    crop: (id: string) => Promise<Buffer | null>;
    clock: Clock;
    audit: Pick<AuditService, 'record'>;
    /** look for due taps on a timer (off in tests that drive the evaluator themselves) */
    evaluateEveryMs?: number | null;
  },
) {
  const scorer = new TapScorer({ badges: d.badges, tags: d.tags, faces: d.faces, galleries: d.galleries });
  const evaluator = new TapEvaluator({ db: d.db, badges: d.badges, tags: d.tags, scorer, clock: d.clock });
  const taps = new TapsService({ db: d.db, badges: d.badges, faces: d.faces, cameras: d.cameras, clock: d.clock });
  const service = new BadgesService({
    ...d,
    scorer,
    evaluator,
    hideNoImage: async (domain) => (await preferencesOf(d.domains, domain)).credentials_hide_no_image,
  });
  const tags = new BadgeTagsService({ ...d, identities: service, scorer, evaluator });
  const reports = new CredentialReportService({ ...d, service, evaluator });
  badgesRoutes(app, { authenticator: d.authenticator, badges: service, tags, reports, taps, detectors: d.detectors });
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
  return { badges: service, reports, taps, evaluator };
}
