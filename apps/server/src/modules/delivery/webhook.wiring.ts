import type { Authenticator } from '../../auth/authenticate.js';
import type { Db } from '../../db/database.js';
import type { Clock } from '../../lib/clock.js';
import type { App } from '../../lib/routes.js';
import { SecretBox } from '../../lib/secret-box.js';
import type { AuditService } from '../audit/audit.service.js';
import type { DeliveryChannel } from './delivery.port.js';
import type { DeliveryRepository } from './delivery.repository.js';
import { DeliveryLogService } from './delivery-log.service.js';
import { deliveryLogRoutes } from './delivery-log.routes.js';
import { WebhookChannel } from './webhook-channel.js';
import { WebhookRepository } from './webhook.repository.js';
import { WebhookService } from './webhook.service.js';

export interface WebhookAreaDeps {
  db: Db;
  /** the server's secret: webhooks' signing secrets are sealed under a key derived from it */
  secret: Buffer;
  deliveries: DeliveryRepository;
  /** the buildings (the domains' records) */
  domains: { findOne(uuid: string): Promise<{ description: string } | undefined> };
  audit: Pick<AuditService, 'record'>;
  clock: Clock;
  /** the MQTT broker's address for the delivery log (null: no MQTT) */
  broker: string | null;
}

/** The webhooks' repository, the operator's service and the delivery log, for the server and the CLI alike. */
export function createWebhookArea(d: WebhookAreaDeps) {
  const webhooks = new WebhookRepository(d.db);
  const box = new SecretBox(d.secret, 'webhook-secret');
  const service = new WebhookService({
    webhooks,
    seal: (plain) => box.seal(plain),
    domainExists: async (uuid) => (await d.domains.findOne(uuid)) !== undefined,
    audit: d.audit,
    clock: d.clock,
  });
  const log = new DeliveryLogService({ deliveries: d.deliveries, webhooks, broker: d.broker });
  return { webhooks, box, service, log };
}

/** The channel that posts each alert step to a building's webhooks. */
export function createWebhookChannel(
  area: ReturnType<typeof createWebhookArea>,
  d: Pick<WebhookAreaDeps, 'domains' | 'clock'> & { log: { warn(obj: object, msg: string): void } },
): WebhookChannel {
  return new WebhookChannel({
    webhooks: area.webhooks,
    openSecret: (sealed) => area.box.open(sealed),
    building: async (uuid) => {
      const row = await d.domains.findOne(uuid);
      return row && { name: row.description };
    },
    clock: d.clock,
    log: d.log,
  });
}

/** Webhooks: the delivery log's route and the channel that posts each alert step to a building's webhooks. */
export function wireWebhooks(app: App, d: WebhookAreaDeps & { authenticator: Authenticator }): DeliveryChannel {
  const area = createWebhookArea(d);
  deliveryLogRoutes(app, { authenticator: d.authenticator, log: area.log });
  return createWebhookChannel(area, { ...d, log: app.log });
}
