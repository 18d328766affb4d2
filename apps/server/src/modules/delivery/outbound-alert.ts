import type { OutboundAlert } from '@vigil/contract';
import type { AlertFacts } from './delivery.port.js';

const iso = (ms: number) => new Date(ms).toISOString();

/**
 * The JSON an MQTT event and a webhook's POST carry for one delivery of an alert's step: who, where, when, the tier and
 * the state; never a picture or a link. Only facts the queue found sendable get here (consent, erasure).
 */
export function outboundAlert(facts: AlertFacts, deliveryId: string, building: string): OutboundAlert {
  return {
    v: 1,
    event_type: facts.step,
    delivery_id: deliveryId,
    alert_id: facts.alertId,
    domain_uuid: facts.domain,
    building,
    person_name: facts.person?.name ?? '',
    exit: facts.exit.name,
    exit_uuid: facts.exit.uuid,
    seen_at: iso(facts.seenAt),
    at: iso(facts.stepAt),
    tier: facts.tier,
    tier_name: facts.tierName,
    state: facts.state,
    acknowledged_by: facts.acknowledgedBy,
    dismissed_by: facts.dismissedBy,
  };
}
