import type { Authenticator } from '../../auth/authenticate.js';
import type { App } from '../../lib/routes.js';
import type { DomainDirectory } from '../domains/domains.port.js';
import type { CameraDirectory } from '../video/cameras.port.js';
import type { AlertRulesRepository } from './alert-rules.repository.js';
import { AlertSettingsService } from './alert-settings.service.js';
import { alertsRoutes } from './alerts.routes.js';
import { AlertsService, type AlertsDeps } from './alerts.service.js';
import { PersonAlertsService } from './person-alerts.service.js';

/**
 * Alerts: the elopement alerts (raised by ingest's sightings, answered and dismissed here) and the rules that decide
 * which events become alerts. Ingest calls the first two services returned; a person's erasure and export the third.
 */
export function wireAlerts(
  app: App,
  d: AlertsDeps & { authenticator: Authenticator; rules: AlertRulesRepository; domains: DomainDirectory; cameras: CameraDirectory },
): { alerts: AlertsService; settings: AlertSettingsService; personAlerts: PersonAlertsService } {
  const { authenticator, rules, domains, cameras, ...deps } = d;
  const { db } = d;
  const alerts = new AlertsService(deps);
  const settings = new AlertSettingsService({ db, rules, domains, cameras, clock: d.clock });
  alertsRoutes(app, { authenticator, alerts, settings });
  return { alerts, settings, personAlerts: new PersonAlertsService({ elopement: deps.elopement, db }) };
}
