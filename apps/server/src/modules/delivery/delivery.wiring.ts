import type { Db } from '../../db/database.js';
import type { Clock } from '../../lib/clock.js';
import type { App } from '../../lib/routes.js';
import type { AlertFactsLookup, DeliveryChannel } from './delivery.port.js';
import type { DeliveryRepository } from './delivery.repository.js';
import { DeliveryService } from './delivery.service.js';

/** How long the delivery log keeps a finished delivery and its tries. */
export const DELIVERY_LOG_DAYS = 30;

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
    // The delivery log keeps finished deliveries DELIVERY_LOG_DAYS (they name no one: an alert's id, a device's id).
    const purge = setInterval(
      () =>
        void d.deliveries
          .deleteFinishedBefore(d.clock.now() - DELIVERY_LOG_DAYS * 86_400_000)
          .catch((err: unknown) => app.log.warn({ err }, 'purging the delivery log failed')),
      3_600_000,
    );
    purge.unref();
    app.addHook('onClose', () => clearInterval(purge));
  }
  return delivery;
}
