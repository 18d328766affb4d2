import { randomUUID } from 'node:crypto';
import {
  evaluateAlert,
  twilightLabels,
  type AlertCategory,
  type AlertRule,
  type AlertRuleFields,
  type AlertSettingsReply,
} from '@vigil/contract';
import { requireEntitlement, type Principal } from '../../auth/principal.js';
import type { Db, Trx } from '../../db/database.js';
import type { DomainRow } from '../../db/schema.js';
import type { Clock } from '../../lib/clock.js';
import { badRequest, notFound } from '../../lib/http-error.js';
import type { DomainDirectory } from '../domains/domains.port.js';
import type { CameraDirectory } from '../video/cameras.port.js';
import type { AlertRulesRepository, StoredRule } from './alert-rules.repository.js';

const ruleOut = (rule: StoredRule): AlertRule => ({
  ...rule,
  created_at: new Date(rule.created_at).toISOString(),
  updated_at: new Date(rule.updated_at).toISOString(),
});

/** Alert settings (the /alerts/settings page): rules per building that decide which events become alerts. */
export class AlertSettingsService {
  constructor(
    private readonly d: { db: Db; rules: AlertRulesRepository; domains: DomainDirectory; cameras: CameraDirectory; clock: Clock },
  ) {}

  /**
   * New events ingest stores, in its transaction: the building's rules decide in time order which become alerts (each
   * row's `alerted` and `rule_id` are set here), and what each rule remembers per camera is kept for the next batch.
   */
  async decideEventAlerts(
    trx: Trx,
    domain: Pick<DomainRow, 'uuid' | 'timezone' | 'geoloc'>,
    events: { camera_uuid: string; started_at: number; category: AlertCategory; alerted: number; rule_id?: string | null | undefined }[],
  ): Promise<void> {
    const rules = await this.d.rules.inDomain(trx, domain.uuid);
    const state = await this.d.rules.loadState(
      trx,
      rules.map((r) => r.id),
    );
    const before = new Map(state);
    const place = { timeZone: domain.timezone, geoloc: domain.geoloc };
    for (const row of [...events].sort((a, b) => a.started_at - b.started_at)) {
      const decision = evaluateAlert(rules, { cameraId: row.camera_uuid, at: row.started_at, category: row.category }, place, state);
      row.alerted = decision.alert ? 1 : 0;
      row.rule_id = decision.ruleId;
    }
    await this.d.rules.saveState(
      trx,
      state,
      [...state.keys()].filter((k) => state.get(k) !== before.get(k)),
    );
  }

  async list(principal: Principal, domainUuid: string): Promise<AlertSettingsReply> {
    requireEntitlement(principal, domainUuid, 'alerting');
    const domain = await this.d.domains.findOne(domainUuid);
    if (!domain) throw notFound('No such building.');
    const rules = await this.d.rules.inDomain(this.d.db, domainUuid);
    return {
      ok: true,
      rules: rules.map(ruleOut),
      timezone: domain.timezone,
      today: twilightLabels(this.d.clock.now(), { timeZone: domain.timezone, geoloc: domain.geoloc }),
    };
  }

  async create(principal: Principal, domainUuid: string, fields: AlertRuleFields) {
    requireEntitlement(principal, domainUuid, 'alerting', 'edit');
    await this.checkCameras(domainUuid, fields.camera_uuids);
    const now = this.d.clock.now();
    const rule: StoredRule = { ...fields, id: randomUUID(), domain_uuid: domainUuid, created_at: now, updated_at: now };
    await this.d.rules.insert(rule, principal.user.id);
    return { ok: true as const, rule: ruleOut(rule) };
  }

  async update(principal: Principal, id: string, fields: AlertRuleFields) {
    const rule = await this.editable(principal, id);
    await this.checkCameras(rule.domain_uuid, fields.camera_uuids);
    const now = this.d.clock.now();
    await this.d.db.transaction().execute((trx) => this.d.rules.update(trx, id, fields, now));
    return { ok: true as const, rule: ruleOut({ ...rule, ...fields, updated_at: now }) };
  }

  async remove(principal: Principal, id: string) {
    await this.editable(principal, id);
    await this.d.rules.remove(id);
    return { ok: true as const };
  }

  private async editable(principal: Principal, id: string): Promise<StoredRule> {
    const rule = await this.d.rules.findOne(id);
    if (!rule || !principal.entitlements[rule.domain_uuid]) throw notFound('No such alert rule.');
    requireEntitlement(principal, rule.domain_uuid, 'alerting', 'edit');
    return rule;
  }

  private async checkCameras(domainUuid: string, cameraUuids: string[]): Promise<void> {
    if (cameraUuids.length === 0) return;
    // Deleted cameras count as the building's: a rule that named one still saves (it matches nothing new), and a rule
    // naming only it does not silently become a rule for every camera.
    const known = await this.d.cameras.namesInDomain(domainUuid);
    const stranger = cameraUuids.find((c) => !known.has(c));
    if (stranger) throw badRequest(`rule.camera_uuids: no camera ${stranger} in this building.`);
  }
}
