import { hasOperation, type EntitlementsByDomain } from '@vigil/contract';
import type { Authenticator } from '../../auth/authenticate.js';
import type { Db, Executor } from '../../db/database.js';
import type { Clock } from '../../lib/clock.js';
import type { App } from '../../lib/routes.js';
import type { PushConfig } from '../../push-config.js';
import type { AuditService } from '../audit/audit.service.js';
import type { DeliveryRepository } from './delivery.repository.js';
import { PushChannel, type AlertRecipients } from './push-channel.js';
import { WebPushSender, type PushSender } from './push-sender.js';
import { PushSubscriptionsRepository } from './push-subscriptions.repository.js';
import { PushSubscriptionsService, type AcknowledgeAlert } from './push-subscriptions.service.js';
import { pushRoutes } from './push.routes.js';

/** What Web Push needs of alerts: who a tier tells, how far an alert went, its building, and "I'm on it". */
export interface PushAlerts {
  recipients: AlertRecipients;
  toldTier(db: Executor, alertId: string): Promise<number | undefined>;
  domainOf(alertId: string): Promise<string | undefined>;
  acknowledge: AcknowledgeAlert;
}

/**
 * Web Push: the devices' routes and the delivery channel that pushes each alert step to them (VAPID, the installation's
 * keys). `alerts` is read when a push is sent or acknowledged, so it may be wired after this.
 */
export function wirePush(
  app: App,
  d: {
    db: Db;
    /** the delivery queue's rows (a push's picture follows it) */
    deliveries: DeliveryRepository;
    authenticator: Authenticator;
    push: PushConfig;
    secret: Buffer;
    /** a user's entitlements as stored now (auth's AccessRepository.entitlements) */
    entitlements: (userId: string) => Promise<EntitlementsByDomain>;
    alerts: PushAlerts;
    audit: AuditService;
    clock: Clock;
    /** tests give a sender of their own */
    sender?: PushSender;
  },
): { channel: PushChannel; devices: PushSubscriptionsService } {
  const subscriptions = new PushSubscriptionsRepository(d.db);
  let sender = d.sender;
  if (!sender) {
    const web = new WebPushSender(d.push.vapid, d.push.allowHosts);
    app.addHook('onClose', async () => web.close());
    sender = web;
  }
  const devices = new PushSubscriptionsService({
    subscriptions,
    sender,
    vapidPublicKey: d.push.vapid.publicKey,
    allowHosts: d.push.allowHosts,
    secret: d.secret,
    acknowledge: (actor, alertId, from) => d.alerts.acknowledge(actor, alertId, from),
    alertDomain: (alertId) => d.alerts.domainOf(alertId),
    receivesAlerts: async (userId, domain) => hasOperation((await d.entitlements(userId))[domain], 'alerting', 'receive_er_alerts'),
    audit: d.audit,
    clock: d.clock,
  });
  const channel = new PushChannel({
    subscriptions,
    deliveries: d.deliveries,
    db: d.db,
    sender,
    secret: d.secret,
    recipients: (db, domain, tiers) => d.alerts.recipients(db, domain, tiers),
    toldTier: (db, alertId) => d.alerts.toldTier(db, alertId),
    clock: d.clock,
    log: app.log,
  });
  pushRoutes(app, { authenticator: d.authenticator, push: devices });
  return { channel, devices };
}
