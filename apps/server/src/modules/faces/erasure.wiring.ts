import type { Authenticator } from '../../auth/authenticate.js';
import type { Db } from '../../db/database.js';
import type { SqlDialect } from '../../db/dialect.js';
import type { Clock } from '../../lib/clock.js';
import type { App } from '../../lib/routes.js';
import { countDetectionPictures, removeDetectionPictures } from '../../media/frames.js';
import type { MediaStore } from '../../media/media-store.js';
import { PhotoFiles } from '../../media/photos.js';
import type { PersonAlertsService } from '../alerts/person-alerts.service.js';
import type { AuditService } from '../audit/audit.service.js';
import type { PersonBadgesService } from '../badges/person-badges.service.js';
import type { ReportPeople } from '../reports/report-people.js';
import type { PersonModelsService } from '../training/person-models.service.js';
import type { CameraDirectory } from '../video/cameras.port.js';
import { erasureRoutes } from './erasure.routes.js';
import { ErasureService } from './erasure.service.js';
import { PersonExportService } from './export.service.js';
import type { PersonDataRepository } from './person-data.repository.js';

export interface ErasureAreaDeps {
  db: Db;
  dialect: Pick<SqlDialect, 'lockDomain'>;
  data: PersonDataRepository;
  store: MediaStore;
  cameras: Pick<CameraDirectory, 'namesInDomain'>;
  /** alerts' and training's share of a person (made after faces: wired once both exist) */
  alerts: PersonAlertsService;
  models: PersonModelsService;
  badges: PersonBadgesService;
  reports: ReportPeople;
  audit: Pick<AuditService, 'record'>;
  clock: Clock;
}

/** A person's erasure and export (the server's and the administration CLI's). */
export function createErasureArea(d: ErasureAreaDeps): { erasure: ErasureService; exports: PersonExportService } {
  const erasure = new ErasureService({
    db: d.db,
    dialect: d.dialect,
    data: d.data,
    alerts: d.alerts,
    models: d.models,
    badges: d.badges,
    reports: d.reports,
    pictures: { count: (ids) => countDetectionPictures(d.store, ids), remove: (ids) => removeDetectionPictures(d.store, ids) },
    photos: new PhotoFiles(d.store),
    audit: d.audit,
    clock: d.clock,
  });
  const exports = new PersonExportService({
    db: d.db,
    data: d.data,
    alerts: d.alerts,
    models: d.models,
    badges: d.badges,
    reports: d.reports,
    cameras: d.cameras,
    store: d.store,
    audit: d.audit,
    clock: d.clock,
  });
  return { erasure, exports };
}

/** "Erase this person" and "Export this person's data": wired after alerts and training, whose shares they use. */
export function wireErasure(app: App, d: ErasureAreaDeps & { authenticator: Authenticator }): void {
  erasureRoutes(app, { authenticator: d.authenticator, ...createErasureArea(d) });
}
