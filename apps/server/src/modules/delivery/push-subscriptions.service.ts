import { randomUUID } from 'node:crypto';
import { lookup } from 'node:dns/promises';
import {
  ACKNOWLEDGE_MESSAGES,
  PUSH,
  PUSH_LIMITS,
  PUSH_MESSAGES,
  type AlertState,
  type PushAcknowledgeBody,
  type PushSubscribeBody,
  type PushSubscriptionView,
} from '@vigil/contract';
import { requireEntitlement, type Principal } from '../../auth/principal.js';
import type { Executor } from '../../db/database.js';
import type { PushSubscriptionRow } from '../../db/schema.js';
import type { Clock } from '../../lib/clock.js';
import { sha256Hex } from '../../lib/hash.js';
import { HttpError, badRequest, forbidden, notFound } from '../../lib/http-error.js';
import type { Resolve } from '../../lib/networks.js';
import { actorOfPrincipal, type AuditService } from '../audit/audit.service.js';
import { endpointHost, endpointRefusal } from './push-endpoint.js';
import { acknowledgeTokenMatches, testPushMessage } from './push-message.js';
import type { PushSender } from './push-sender.js';
import type { PushSubscriptionsRepository } from './push-subscriptions.repository.js';

/** alerts' AlertsService.acknowledge: records an acknowledgement once (acknowledged: false when it already was, or was dismissed). */
export type AcknowledgeAlert = (
  actor: { userId: string },
  alertId: string,
  from: { via: 'push'; deviceId: string; deviceLabel: string },
) => Promise<{ state: AlertState; acknowledged: boolean }>;

export interface PushSubscriptionsDeps {
  subscriptions: PushSubscriptionsRepository;
  sender: PushSender;
  vapidPublicKey: string;
  /** VIGIL_PUSH_ALLOW_HOSTS */
  allowHosts: readonly string[];
  /** the server secret: keys the notifications' acknowledgement tokens */
  secret: Buffer;
  acknowledge: AcknowledgeAlert;
  /** the building an alert is of, undefined when the alert is gone */
  alertDomain: (alertId: string) => Promise<string | undefined>;
  /** whether a user holds alerting/receive_er_alerts in a building now (not as their session saw it at sign-in) */
  receivesAlerts: (userId: string, domain: string) => Promise<boolean>;
  audit?: Pick<AuditService, 'record'>;
  clock: Clock;
  resolve?: Resolve;
}

const systemResolve: Resolve = async (host) => (await lookup(host, { all: true, verbatim: true })).map((a) => a.address);

export function presentPushSubscription(row: PushSubscriptionRow): PushSubscriptionView {
  return {
    id: row.id,
    domain_uuid: row.domain_uuid,
    device_label: row.device_label,
    service: endpointHost(row.endpoint),
    created_at: new Date(row.created_at).toISOString(),
    last_sent_at: row.last_sent_at === null ? null : new Date(row.last_sent_at).toISOString(),
  };
}

/**
 * The devices that receive a building's alerts (Web Push subscriptions): turned on and off by their user, bound to the
 * session that turned them on, only ever to a push service on a public address; and a notification's "I'm on it",
 * which acknowledges without a session, by the token the notification carried.
 */
export class PushSubscriptionsService {
  private readonly resolve: Resolve;

  constructor(private readonly d: PushSubscriptionsDeps) {
    this.resolve = d.resolve ?? systemResolve;
  }

  publicKey(): { ok: true; public_key: string } {
    return { ok: true, public_key: this.d.vapidPublicKey };
  }

  async subscribe(principal: Principal, body: PushSubscribeBody): Promise<PushSubscriptionView> {
    requireEntitlement(principal, body.domain_uuid, 'alerting', 'receive_er_alerts');
    const { endpoint, keys } = body.subscription;
    const host = endpointHost(endpoint);
    if (await endpointRefusal(endpoint, this.d.allowHosts, this.resolve)) throw badRequest(PUSH_MESSAGES.endpointRefused(host));
    const now = this.d.clock.now();
    if ((await this.d.subscriptions.countOthers(principal.user.id, body.domain_uuid, endpoint, now)) >= PUSH_LIMITS.devicesPerUser)
      throw new HttpError(409, PUSH_MESSAGES.tooManyDevices(PUSH_LIMITS.devicesPerUser));
    const row: PushSubscriptionRow = {
      id: randomUUID(),
      user_id: principal.user.id,
      domain_uuid: body.domain_uuid,
      session_hash: sha256Hex(principal.token),
      endpoint,
      p256dh: keys.p256dh,
      auth: keys.auth,
      device_label: body.device_label,
      created_at: now,
      last_sent_at: null,
    };
    await this.d.subscriptions.replace(row);
    // The endpoint is a credential (whoever holds it can push to the device): the trail names its host only.
    await this.d.audit?.record(actorOfPrincipal(principal), {
      action: 'subscribed_push',
      domain: body.domain_uuid,
      subject: row.id,
      detail: { device: body.device_label, service: host },
    });
    return presentPushSubscription(row);
  }

  /** The caller's own devices in a building. */
  async list(principal: Principal, domain: string): Promise<PushSubscriptionView[]> {
    return (await this.d.subscriptions.ownIn(principal.user.id, domain, this.d.clock.now())).map(presentPushSubscription);
  }

  /** Turns off one of the caller's own devices (404 for anyone else's, as for none). */
  async unsubscribe(principal: Principal, id: string): Promise<void> {
    const row = await this.d.subscriptions.deleteOwn(id, principal.user.id);
    if (!row) throw notFound(PUSH_MESSAGES.noSuchDevice);
    await this.d.audit?.record(actorOfPrincipal(principal), {
      action: 'unsubscribed_push',
      domain: row.domain_uuid,
      subject: row.id,
      detail: { device: row.device_label, service: endpointHost(row.endpoint) },
    });
  }

  /** A test notification to one of the caller's devices, sent now (not through the queue: it has no alert), and what came of it. */
  async test(principal: Principal, id: string): Promise<{ delivered: boolean; message: string }> {
    const now = this.d.clock.now();
    const device = await this.d.subscriptions.liveById(id, now);
    if (!device || device.user_id !== principal.user.id) throw notFound(PUSH_MESSAGES.noSuchDevice);
    const { bytes } = testPushMessage(device.domain_uuid, device.device_label, now, device.id);
    const result = await this.d.sender.send(device, bytes, { ttlSeconds: PUSH.ttlSeconds });
    if (result.ok) {
      await this.d.subscriptions.markSent([device.id], this.d.clock.now());
      return { delivered: true, message: PUSH_MESSAGES.testSent };
    }
    if (result.kind === 'status' && (result.status === 404 || result.status === 410)) {
      await this.d.subscriptions.delete(device.id);
      throw notFound(PUSH_MESSAGES.testGone);
    }
    const why = result.kind === 'status' ? `HTTP ${result.status}` : result.kind === 'refused' ? 'not a public address' : 'not reached';
    return { delivered: false, message: PUSH_MESSAGES.testNotTaken(why) };
  }

  /**
   * A notification's "I'm on it": the token must be the one made for this subscription and alert, the subscription
   * live (its session not ended), and its user must still receive alerts in the alert's building. 403 otherwise (the
   * same answer whatever failed), 404 for an alert that is no more, 409 when someone was already on it.
   */
  async acknowledge(body: PushAcknowledgeBody): Promise<{ state: AlertState }> {
    const refused = forbidden(ACKNOWLEDGE_MESSAGES.pushLinkExpired);
    if (!acknowledgeTokenMatches(this.d.secret, body.subscription_id, body.alert_id, body.token)) throw refused;
    const device = await this.d.subscriptions.liveById(body.subscription_id, this.d.clock.now());
    if (!device) throw refused;
    const domain = await this.d.alertDomain(body.alert_id);
    if (domain === undefined) throw notFound('This alert is no more.');
    if (domain !== device.domain_uuid || !(await this.d.receivesAlerts(device.user_id, domain))) throw refused;
    const result = await this.d.acknowledge({ userId: device.user_id }, body.alert_id, {
      via: 'push',
      deviceId: device.id,
      deviceLabel: device.device_label,
    });
    if (!result.acknowledged)
      throw new HttpError(409, result.state === 'dismissed' ? ACKNOWLEDGE_MESSAGES.dismissed : ACKNOWLEDGE_MESSAGES.alreadyAcknowledged);
    return { state: result.state };
  }

  /** A user's devices in a building end, in the caller's transaction (accounts: their roles there no longer carry the right). */
  endIn(db: Executor, userId: string, domain: string): Promise<number> {
    return this.d.subscriptions.deleteUserIn(db, userId, domain);
  }
}
