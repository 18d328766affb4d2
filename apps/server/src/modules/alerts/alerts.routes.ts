import {
  acknowledgeAlertParamsSchema,
  acknowledgeAlertReplySchema,
  alertRuleParamsSchema,
  alertRuleReplySchema,
  alertSettingsQuerySchema,
  alertSettingsReplySchema,
  createAlertRuleBodySchema,
  deleteAlertRuleReplySchema,
  dismissAlertBodySchema,
  dismissAlertParamsSchema,
  dismissAlertReplySchema,
  escalationQuerySchema,
  escalationReplySchema,
  escalationUpdateBodySchema,
  faceConfirmBodySchema,
  faceMatchConfirmBodySchema,
  facesAlertsQuerySchema,
  facesAlertsReplySchema,
  okReplySchema,
  updateAlertRuleBodySchema,
} from '@vigil/contract';
import { authenticatedScope, principalOf, type Authenticator } from '../../auth/authenticate.js';
import { replies, type App } from '../../lib/routes.js';
import type { AlertSettingsService } from './alert-settings.service.js';
import type { AlertsService } from './alerts.service.js';
import type { EscalationService } from './escalation.service.js';

export function alertsRoutes(
  app: App,
  deps: { authenticator: Authenticator; alerts: AlertsService; settings: AlertSettingsService; escalation: EscalationService },
): void {
  const { alerts, settings, escalation } = deps;
  authenticatedScope(app, deps.authenticator, (scope) => {
    scope.get(
      '/api/v1/faces/alerts',
      {
        config: { access: { rights: ['alerting/receive_er_alerts'] } },
        schema: {
          tags: ['alerts'],
          summary: 'Elopement alerts of a building (alerting/receive_er_alerts), by default the active ones of the last 24 hours',
          querystring: facesAlertsQuerySchema,
          response: replies(facesAlertsReplySchema, [400, 401, 403]),
        },
      },
      (request) => alerts.list(principalOf(request), request.query),
    );
    scope.post(
      '/api/v1/faces/alerts/:id/dismiss',
      {
        config: { access: { rights: ['alerting/receive_er_alerts'] } },
        schema: {
          tags: ['alerts'],
          summary: "Dismiss an elopement alert with a PIN (the dismisser is the PIN's owner) or as 'me'",
          description:
            "userPIN is base64(HMAC-SHA256(key = domain uuid, message = PIN)) or 'me'. Holders of alerting/pin_dismiss_alert must give a PIN. " +
            'Wrong PINs are logged; after 5 in 15 minutes the user gets 429. A dismissal is recorded once and never overwritten (409).',
          params: dismissAlertParamsSchema,
          body: dismissAlertBodySchema,
          response: replies(dismissAlertReplySchema, [400, 401, 403, 404, 409, 429]),
        },
      },
      (request) => alerts.dismiss(principalOf(request), request.params.id, request.body.userPIN),
    );
    scope.post(
      '/api/v1/faces/alerts/:id/acknowledge',
      {
        config: { access: { rights: ['alerting/receive_er_alerts'] } },
        schema: {
          tags: ['alerts'],
          summary: '"I\'m on it": acknowledge an elopement alert from an open page (alerting/receive_er_alerts)',
          description:
            'Records who acknowledged it and when, once: of two at once one is recorded and the other gets 409, as does an alert ' +
            'already acknowledged or dismissed. Acknowledgement ends the escalation; it is audited and announced to every channel.',
          params: acknowledgeAlertParamsSchema,
          response: replies(acknowledgeAlertReplySchema, [400, 401, 403, 404, 409]),
        },
      },
      (request) => alerts.acknowledgeFromPage(principalOf(request), request.params.id),
    );
    scope.get(
      '/api/v1/alerts/escalation',
      {
        config: { access: { rights: ['alerting'] } },
        schema: {
          tags: ['alerts'],
          summary: "A building's alert escalation: the delay, the tiers, and the roles and users a tier may name (alerting)",
          querystring: escalationQuerySchema,
          response: replies(escalationReplySchema, [400, 401, 403]),
        },
      },
      (request) => escalation.get(principalOf(request), request.query.domain_uuid),
    );
    scope.put(
      '/api/v1/alerts/escalation',
      {
        config: { access: { rights: ['alerting/edit'] } },
        schema: {
          tags: ['alerts'],
          summary: "Change a building's alert escalation (alerting/edit)",
          description:
            'Tier 0 is told when an alert is raised; each next tier when nobody acknowledged it within delay_seconds. A tier naming ' +
            'no role and no user tells everyone with alerting/receive_er_alerts; a single tier is told again once. Roles and users ' +
            'must be ones the GET offers (400).',
          body: escalationUpdateBodySchema,
          response: replies(escalationReplySchema, [400, 401, 403]),
        },
      },
      (request) => escalation.update(principalOf(request), request.body.domain_uuid, request.body.settings),
    );
    scope.post(
      '/api/v4/facematchconfirm',
      {
        config: { access: { rights: ['alerting/receive_er_alerts', 'faces/train_model'] } },
        schema: {
          tags: ['alerts'],
          summary: 'Face match on an alert frame: is_correct true (confirmed), false (wrong person) or null (undo)',
          body: faceMatchConfirmBodySchema,
          response: replies(okReplySchema, [400, 401, 403, 404]),
        },
      },
      (request) => alerts.confirmMatch(principalOf(request), request.body),
    );
    scope.post(
      '/api/v4/faceconfirm',
      {
        config: { access: { rights: ['alerting/receive_er_alerts', 'faces/train_model'] } },
        schema: {
          tags: ['alerts'],
          summary: "Mark a detected face 'Not a Face' (is_face false) or take that back (true)",
          body: faceConfirmBodySchema,
          response: replies(okReplySchema, [400, 401, 403, 404]),
        },
      },
      (request) => alerts.confirmFace(principalOf(request), request.body),
    );

    scope.get(
      '/api/events/v1/alert_settings',
      {
        config: { access: { rights: ['alerting'] } },
        schema: {
          tags: ['alerts'],
          summary: "A building's alert rules, its time zone and today's dawn and dusk (alerting)",
          querystring: alertSettingsQuerySchema,
          response: replies(alertSettingsReplySchema, [400, 401, 403, 404]),
        },
      },
      (request) => settings.list(principalOf(request), request.query.domain_uuid),
    );
    scope.post(
      '/api/events/v1/alert_settings',
      {
        config: { access: { rights: ['alerting/edit'] } },
        schema: {
          tags: ['alerts'],
          summary: 'Add an alert rule (alerting/edit)',
          body: createAlertRuleBodySchema,
          response: replies(alertRuleReplySchema, [400, 401, 403]),
        },
      },
      (request) => settings.create(principalOf(request), request.body.domain_uuid, request.body.rule),
    );
    scope.put(
      '/api/events/v1/alert_settings/:id',
      {
        config: { access: { rights: ['alerting/edit'] } },
        schema: {
          tags: ['alerts'],
          summary: 'Change an alert rule (alerting/edit)',
          params: alertRuleParamsSchema,
          body: updateAlertRuleBodySchema,
          response: replies(alertRuleReplySchema, [400, 401, 403, 404]),
        },
      },
      (request) => settings.update(principalOf(request), request.params.id, request.body.rule),
    );
    scope.delete(
      '/api/events/v1/alert_settings/:id',
      {
        config: { access: { rights: ['alerting/edit'] } },
        schema: {
          tags: ['alerts'],
          summary: 'Delete an alert rule (alerting/edit)',
          params: alertRuleParamsSchema,
          response: replies(deleteAlertRuleReplySchema, [400, 401, 403, 404]),
        },
      },
      (request) => settings.remove(principalOf(request), request.params.id),
    );
  });
}
