import { alertRuleInputSchema, type AlertRuleFields, type RuleCameraState } from '@vigil/contract';
import type { Db, Executor, Trx } from '../../db/database.js';
import type { AlertRuleRow } from '../../db/schema.js';

export interface StoredRule extends AlertRuleFields {
  id: string;
  domain_uuid: string;
  created_at: number;
  updated_at: number;
}

function parse(row: AlertRuleRow): StoredRule {
  const fields = alertRuleInputSchema.parse(JSON.parse(row.definition));
  return { ...fields, id: row.id, domain_uuid: row.domain_uuid, created_at: row.created_at, updated_at: row.updated_at };
}

/** Alert settings per domain, and what each rule remembers per camera (last alert, last sighting) between batches. */
export class AlertRulesRepository {
  constructor(private readonly db: Db) {}

  async inDomain(db: Executor, domain: string): Promise<StoredRule[]> {
    const rows = await db.selectFrom('alert_rules').selectAll().where('domain_uuid', '=', domain).orderBy('created_at').execute();
    return rows.map(parse);
  }

  async findOne(id: string): Promise<StoredRule | undefined> {
    const row = await this.db.selectFrom('alert_rules').selectAll().where('id', '=', id).executeTakeFirst();
    return row ? parse(row) : undefined;
  }

  async insert(rule: StoredRule, createdBy: string | null): Promise<void> {
    const { id, domain_uuid, created_at, updated_at, ...fields } = rule;
    await this.db
      .insertInto('alert_rules')
      .values({ id, domain_uuid, created_at, updated_at, created_by: createdBy, definition: JSON.stringify(fields) })
      .execute();
  }

  /** Changes a rule and forgets its throttling state, in the caller's transaction. */
  async update(trx: Trx, id: string, fields: AlertRuleFields, at: number): Promise<void> {
    {
      await trx
        .updateTable('alert_rules')
        .set({ definition: JSON.stringify(fields), updated_at: at })
        .where('id', '=', id)
        .execute();
      // A changed rule starts afresh: old throttling state belonged to the old rule.
      await trx.deleteFrom('alert_rule_state').where('rule_id', '=', id).execute();
    }
  }

  async remove(id: string): Promise<void> {
    await this.db.deleteFrom('alert_rules').where('id', '=', id).execute();
  }

  async loadState(trx: Trx, ruleIds: string[]): Promise<Map<string, RuleCameraState>> {
    const state = new Map<string, RuleCameraState>();
    if (ruleIds.length === 0) return state;
    const rows = await trx.selectFrom('alert_rule_state').selectAll().where('rule_id', 'in', ruleIds).execute();
    for (const r of rows) state.set(`${r.rule_id}:${r.camera_uuid}`, { lastAlertAt: r.last_alert_at, lastSeenAt: r.last_seen_at });
    return state;
  }

  async saveState(trx: Trx, state: Map<string, RuleCameraState>, keys: Iterable<string>): Promise<void> {
    for (const key of keys) {
      const value = state.get(key);
      if (!value) continue;
      const [rule_id, camera_uuid] = key.split(':') as [string, string];
      await trx
        .insertInto('alert_rule_state')
        .values({ rule_id, camera_uuid, last_alert_at: value.lastAlertAt, last_seen_at: value.lastSeenAt })
        .onConflict((oc) =>
          oc.columns(['rule_id', 'camera_uuid']).doUpdateSet({ last_alert_at: value.lastAlertAt, last_seen_at: value.lastSeenAt }),
        )
        .execute();
    }
  }
}
