import { randomUUID } from 'node:crypto';
import { BackgroundLoop } from '../../lib/background-loop.js';
import {
  DEFAULT_ESCALATION,
  ESCALATION_MESSAGES,
  nextEscalationTier,
  type EscalationReply,
  type EscalationSettings,
} from '@vigil/contract';
import { requireEntitlement, type Principal } from '../../auth/principal.js';
import type { Db, Executor } from '../../db/database.js';
import type { Clock } from '../../lib/clock.js';
import { badRequest } from '../../lib/http-error.js';
import type { Notifier } from '../../realtime/realtime.js';
import { actorOfPrincipal, type AuditActor, type AuditService } from '../audit/audit.service.js';
import type { AlertReceivers } from '../auth/access.port.js';
import type { DeliveryService } from '../delivery/delivery.service.js';
import type { ElopementAlertsRepository } from './elopement.repository.js';
import type { EscalationRepository } from './escalation.repository.js';

/** The escalation job looks at least this often, and sleeps until the next escalation when it is sooner. */
export const ESCALATION_POLL_MS = 1_000;
/** Due alerts escalated per turn. */
const BATCH = 100;
/** Escalations are the system's doing: nobody signed in, no address. */
const SYSTEM: AuditActor = { userId: null, email: null, address: null };

export interface EscalationDeps {
  db: Db;
  escalation: EscalationRepository;
  elopement: ElopementAlertsRepository;
  /** who holds alerting/receive_er_alerts in a building, and which roles carry it (auth owns them) */
  access: AlertReceivers;
  delivery?: Pick<DeliveryService, 'announce'>;
  audit?: Pick<AuditService, 'record'>;
  notifier: Notifier;
  clock: Clock;
  log?: { warn(obj: object, msg: string): void };
}

/**
 * Escalation (issue 37): an alert nobody acknowledged within the building's delay goes to the next tier of its
 * escalation (an 'escalated' step, announced to the delivery queue, audited), until the last tier was told; with one
 * tier, it is re-told once. Acknowledgement and dismissal end it (they clear next_escalation_at). Safe on several
 * servers: each escalation is claimed by a conditional update of the alert.
 */
export class EscalationService {
  private loop: BackgroundLoop | null = null;

  constructor(private readonly d: EscalationDeps) {}

  /** The building's settings, or the default (everyone with the right, one tier) when it has none of its own. */
  async settingsOf(db: Executor, domain: string): Promise<EscalationSettings> {
    return (await this.d.escalation.get(db, domain)) ?? DEFAULT_ESCALATION;
  }

  /** When an alert raised now is escalated first (null: never), in the raise's transaction. */
  async firstEscalationAt(db: Executor, domain: string, raisedAt: number): Promise<number | null> {
    const settings = await this.settingsOf(db, domain);
    return nextEscalationTier(settings.tiers.length, 0, false) === null ? null : raisedAt + settings.delay_seconds * 1000;
  }

  /** A tier's name in the building's escalation (what channels say was told), null for none. */
  async tierName(db: Executor, domain: string, tier: number | null): Promise<string | null> {
    if (tier === null) return null;
    return (await this.settingsOf(db, domain)).tiers[tier]?.name ?? null;
  }

  /**
   * The user ids told at these tiers of the building's escalation: each tier's role members and users, or everyone
   * holding alerting/receive_er_alerts in the building when the tier names nobody; always only holders of that right.
   */
  async recipients(db: Executor, domain: string, tiers: readonly number[]): Promise<Set<string>> {
    const settings = await this.settingsOf(db, domain);
    const holders = await this.d.access.holdersIn(db, domain, 'alerting', 'receive_er_alerts');
    const told = new Set<string>();
    for (const index of tiers) {
      const tier = settings.tiers[index];
      if (!tier) continue;
      const everyone = tier.role_ids.length === 0 && tier.user_ids.length === 0;
      for (const user of holders)
        if (everyone || tier.user_ids.includes(user.id) || user.roles.some((r) => tier.role_ids.includes(r))) told.add(user.id);
    }
    return told;
  }

  /** GET /api/v1/alerts/escalation (alerting in the building): the settings, and the roles and users a tier may name. */
  async get(principal: Principal, domain: string): Promise<EscalationReply> {
    requireEntitlement(principal, domain, 'alerting');
    return this.describe(domain);
  }

  /** PUT /api/v1/alerts/escalation (alerting/edit): every role and user named must be one GET offers (else 400). */
  async update(principal: Principal, domain: string, settings: EscalationSettings): Promise<EscalationReply> {
    requireEntitlement(principal, domain, 'alerting', 'edit');
    const { roles, users } = await this.choices(domain);
    const roleIds = new Set(roles.map((r) => r.id));
    const userIds = new Set(users.map((u) => u.id));
    for (const tier of settings.tiers) {
      const role = tier.role_ids.find((r) => !roleIds.has(r));
      if (role !== undefined) throw badRequest(ESCALATION_MESSAGES.unknownRole(role));
      if (tier.user_ids.some((u) => !userIds.has(u))) throw badRequest(ESCALATION_MESSAGES.unknownUser);
    }
    const tidy = {
      delay_seconds: settings.delay_seconds,
      tiers: settings.tiers.map((t) => ({ name: t.name, role_ids: [...new Set(t.role_ids)], user_ids: [...new Set(t.user_ids)] })),
    };
    await this.d.escalation.put(this.d.db, domain, tidy, this.d.clock.now(), principal.user.id);
    await this.d.audit?.record(actorOfPrincipal(principal), {
      action: 'changed_escalation',
      domain,
      detail: { delay_seconds: tidy.delay_seconds, tiers: tidy.tiers.map((t) => t.name).join(' → ') },
    });
    return this.describe(domain);
  }

  private async describe(domain: string): Promise<EscalationReply> {
    return { ok: true, settings: await this.settingsOf(this.d.db, domain), ...(await this.choices(domain)) };
  }

  private async choices(domain: string): Promise<Pick<EscalationReply, 'roles' | 'users'>> {
    const roles = (await this.d.access.roleDefinitions())
      .filter((r) => r.operations.alerting?.includes('receive_er_alerts'))
      .map((r) => ({ id: r.name, name: r.description.split(':')[0]!.trim() || r.name }));
    const users = (await this.d.access.holdersIn(this.d.db, domain, 'alerting', 'receive_er_alerts')).map((u) => ({
      id: u.id,
      name: u.display_name,
      email: u.email,
    }));
    return { roles, users };
  }

  /**
   * Moves every alert whose escalation is due at `now` to its next tier, each in its own transaction: the claim, the
   * 'escalated' step and its delivery; then the audit trail and the open pages. How many alerts were escalated.
   */
  async escalateDue(now: number): Promise<number> {
    let escalated = 0;
    for (;;) {
      const due = await this.d.elopement.dueEscalations(now, BATCH);
      for (const alert of due) {
        const tier = await this.d.db.transaction().execute(async (trx) => {
          const settings = await this.settingsOf(trx, alert.domain_uuid);
          const again = settings.tiers.length <= 1 && (await this.d.elopement.hasStep(trx, alert.alert_id, 'escalated'));
          const target = nextEscalationTier(settings.tiers.length, alert.escalation_tier, again);
          const after = target === null ? null : nextEscalationTier(settings.tiers.length, target, true);
          // The next moment counts from when this one was due, so a late turn does not push the whole schedule back.
          const nextAt = after === null ? null : alert.next_escalation_at + settings.delay_seconds * 1000;
          const claimed = await this.d.elopement.claimEscalation(
            trx,
            alert.alert_id,
            alert.next_escalation_at,
            target ?? alert.escalation_tier,
            nextAt,
          );
          if (!claimed || target === null) return null;
          const tierName = settings.tiers[target]?.name ?? null;
          await this.d.elopement.addSteps(trx, [
            {
              id: randomUUID(),
              alert_id: alert.alert_id,
              domain_uuid: alert.domain_uuid,
              step: 'escalated',
              at: now,
              tier: target,
              user_id: null,
              device_label: null,
              detail: JSON.stringify({ tier_name: tierName, due_at: alert.next_escalation_at }),
            },
          ]);
          await this.d.delivery?.announce(trx, alert.domain_uuid, [alert.alert_id], 'escalated', target);
          return { tier: target, tierName };
        });
        if (!tier) continue;
        escalated++;
        await this.d.audit?.record(SYSTEM, {
          action: 'escalated_alert',
          domain: alert.domain_uuid,
          camera: alert.camera_uuid,
          subject: alert.alert_id,
          detail: { tier: tier.tier, tier_name: tier.tierName, late_ms: now - alert.next_escalation_at },
        });
        this.d.notifier.elopementAlerts(alert.domain_uuid, [alert.alert_id]);
      }
      if (due.length < BATCH) return escalated;
    }
  }

  /** Runs the escalation job while the server does: every second, or sooner when an escalation is due sooner. */
  start(): void {
    this.loop ??= new BackgroundLoop(
      async () => {
        await this.escalateDue(this.d.clock.now());
        const next = await this.d.elopement.nextEscalationAt();
        return next === null ? ESCALATION_POLL_MS : Math.max(0, Math.min(ESCALATION_POLL_MS, next - this.d.clock.now()));
      },
      { onError: (err) => this.d.log?.warn({ err }, 'the escalation job failed a turn'), errorWaitMs: ESCALATION_POLL_MS },
    );
    this.loop.start();
  }

  async stop(): Promise<void> {
    await this.loop?.stop();
  }
}
