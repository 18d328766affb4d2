import type { DatabaseHandle } from './db/database.js';
import type { Clock } from './lib/clock.js';
import { AlertRulesRepository } from './modules/alerts/alert-rules.repository.js';
import { ElopementAlertsRepository } from './modules/alerts/elopement.repository.js';
import { EscalationRepository } from './modules/alerts/escalation.repository.js';
import { DeliveryRepository } from './modules/delivery/delivery.repository.js';
import { AuditRepository } from './modules/audit/audit.repository.js';
import { BadgesRepository } from './modules/badges/badges.repository.js';
import { BadgesRetentionRepository } from './modules/badges/badges-retention.repository.js';
import { BadgeTagsRepository } from './modules/badges/badge-tags.repository.js';
import { ReportsRepository } from './modules/reports/reports.repository.js';
import { ReportPeople } from './modules/reports/report-people.js';
import { PersonBadgesRepository } from './modules/badges/person-badges.repository.js';
import { PersonBadgesService } from './modules/badges/person-badges.service.js';
import { PrivacyRepository } from './modules/privacy/privacy.repository.js';
import { JobLeases } from './db/job-leases.js';
import { AnalyzersRepository } from './modules/analyzers/analyzers.repository.js';
import { AccessRepository } from './modules/auth/access.repository.js';
import { DomainsRepository } from './modules/domains/domains.repository.js';
import { EventsRepository } from './modules/events/events.repository.js';
import { FacesRepository } from './modules/faces/faces.repository.js';
import { RegistryRepository } from './modules/faces/registry.repository.js';
import { PersonDataRepository } from './modules/faces/person-data.repository.js';
import { DetectorsRepository } from './modules/ingest/detectors.repository.js';
import { ModelsRepository } from './modules/training/models.repository.js';
import { TrainingRepository } from './modules/training/training.repository.js';
import { OnboardingRepository } from './modules/onboarding/onboarding.repository.js';
import { PinsRepository } from './modules/pins/pins.repository.js';
import { ClientErrorsRepository } from './modules/staff/client-errors.repository.js';
import { CamerasRepository } from './modules/video/cameras.repository.js';
import { ClipsRepository } from './modules/video/clips.repository.js';
import { LiveLeasesRepository } from './modules/video/leases.repository.js';

/**
 * Every module's repository over one database, made once: the server (app.ts), the CLI and the demo seed take them
 * from here and hand each area's wiring what it owns. A module never reaches another's repository; only the
 * composition roots see them all.
 */
export function createRepositories(database: DatabaseHandle, clock: Clock) {
  const { db } = database;
  return {
    access: new AccessRepository(db, clock),
    domains: new DomainsRepository(db),
    pins: new PinsRepository(db),
    clientErrors: new ClientErrorsRepository(db),
    cameras: new CamerasRepository(db),
    clips: new ClipsRepository(db, clock),
    leases: new LiveLeasesRepository(db),
    onboarding: new OnboardingRepository(db),
    events: new EventsRepository(db),
    faces: new FacesRepository(db),
    registry: new RegistryRepository(db, database.dialect),
    personData: new PersonDataRepository(),
    elopement: new ElopementAlertsRepository(db),
    rules: new AlertRulesRepository(db),
    escalation: new EscalationRepository(),
    deliveries: new DeliveryRepository(db),
    detectors: new DetectorsRepository(db),
    analyzers: new AnalyzersRepository(db),
    training: new TrainingRepository(db),
    models: new ModelsRepository(db),
    audit: new AuditRepository(db),
    privacy: new PrivacyRepository(db),
    retentionSweeps: new JobLeases(db),
    reportSchedule: new JobLeases(db, 'reports'),
    badges: new BadgesRepository(db),
    badgesRetention: new BadgesRetentionRepository(db),
    badgeTags: new BadgeTagsRepository(db),
    reports: new ReportsRepository(db),
  };
}

export type Repositories = ReturnType<typeof createRepositories>;

/** An erasure's and an export's badges share: the person's badge identities and what hangs on them (server and CLI alike). */
export const personBadges = (repos: Pick<Repositories, 'badges'>) =>
  new PersonBadgesService({ badges: repos.badges, data: new PersonBadgesRepository() });

/** An erasure's and an export's reports share: the stored rows about the person, by id (server and CLI alike). */
export const personReports = (repos: Pick<Repositories, 'reports'>) => new ReportPeople({ reports: repos.reports });
