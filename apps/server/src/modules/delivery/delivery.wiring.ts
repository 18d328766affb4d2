import type { Db } from '../../db/database.js';
import type { Clock } from '../../lib/clock.js';
import type { App } from '../../lib/routes.js';
import type { AlertFactsLookup, DeliveryChannel } from './delivery.port.js';
import type { DeliveryRepository } from './delivery.repository.js';
import { DeliveryService } from './delivery.service.js';

/**
 * Delivery: the queue that carries alerts' steps to phones (Web Push), brokers (MQTT) and nurse-call gateways
 * (webhooks). Each channel is made here from the configuration; the dispatcher runs while the server does.
 */
export function wireDelivery(
  app: App,
  d: { db: Db; deliveries: DeliveryRepository; facts: AlertFactsLookup; clock: Clock; channels: DeliveryChannel[]; dispatch?: boolean },
): DeliveryService {
  const delivery = new DeliveryService({
    db: d.db,
    deliveries: d.deliveries,
    channels: d.channels,
    facts: d.facts,
    clock: d.clock,
    log: app.log,
  });
  if (d.dispatch ?? true) {
    app.addHook('onReady', () => delivery.start());
    app.addHook('onClose', () => delivery.stop());
  }
  return delivery;
}
