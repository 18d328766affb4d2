import type { Authenticator } from '../../auth/authenticate.js';
import type { App } from '../../lib/routes.js';
import type { AlertReceivers } from '../auth/access.port.js';
import type { DomainDirectory } from '../domains/domains.port.js';
import type { CameraDirectory } from '../video/cameras.port.js';
import type { AlertRulesRepository } from './alert-rules.repository.js';
import { AlertSettingsService } from './alert-settings.service.js';
import { alertsRoutes } from './alerts.routes.js';
import { AlertsService, type AlertsDeps } from './alerts.service.js';
import type { EscalationRepository } from './escalation.repository.js';
import { EscalationService } from './escalation.service.js';
import { PersonAlertsService } from './person-alerts.service.js';

/**
 * Alerts: the elopement alerts (raised by ingest's sightings, acknowledged, escalated and dismissed here) and the rules
 * that decide which events become alerts. Ingest calls the first two services returned; a person's erasure and export
 * the third; the push channel asks the escalation whom a tier tells. The escalation job runs while the server does
 * (every server may run it: each escalation is claimed once).
 */
export function wireAlerts(
  app: App,
  d: Omit<AlertsDeps, 'escalation'> & {
    authenticator: Authenticator;
    rules: AlertRulesRepository;
    domains: DomainDirectory;
    cameras: CameraDirectory;
    access: AlertReceivers;
    escalationSettings: EscalationRepository;
    /** run the escalation job on this server (default true) */
    escalate?: boolean;
  },
): { alerts: AlertsService; settings: AlertSettingsService; personAlerts: PersonAlertsService; escalation: EscalationService } {
  const { authenticator, rules, domains, cameras, access, escalationSettings, escalate, ...deps } = d;
  const { db } = d;
  const escalation = new EscalationService({
    db,
    escalation: escalationSettings,
    elopement: deps.elopement,
    access,
    ...(deps.delivery && { delivery: deps.delivery }),
    ...(deps.audit && { audit: deps.audit }),
    notifier: deps.notifier,
    clock: d.clock,
    log: app.log,
  });
  const alerts = new AlertsService({ ...deps, escalation });
  const settings = new AlertSettingsService({ db, rules, domains, cameras, clock: d.clock });
  alertsRoutes(app, { authenticator, alerts, settings, escalation });
  if (escalate ?? true) {
    app.addHook('onReady', () => escalation.start());
    app.addHook('onClose', () => escalation.stop());
  }
  return { alerts, settings, personAlerts: new PersonAlertsService({ elopement: deps.elopement, db }), escalation };
}
