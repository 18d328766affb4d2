import { escalationSettingsSchema, type EscalationSettings } from '@vigil/contract';
import type { Executor } from '../../db/database.js';

/** A building's escalation (alert_escalation): the delay before the next tier is told, and the tiers. */
export class EscalationRepository {
  /** The building's stored settings, undefined when it has none of its own (or what is stored no longer parses). */
  async get(db: Executor, domain: string): Promise<EscalationSettings | undefined> {
    const row = await db.selectFrom('alert_escalation').selectAll().where('domain_uuid', '=', domain).executeTakeFirst();
    if (!row) return undefined;
    let tiers: unknown;
    try {
      tiers = JSON.parse(row.tiers);
    } catch {
      return undefined;
    }
    const parsed = escalationSettingsSchema.safeParse({ delay_seconds: row.delay_seconds, tiers });
    return parsed.success ? parsed.data : undefined;
  }

  async put(db: Executor, domain: string, settings: EscalationSettings, at: number, by: string | null): Promise<void> {
    const values = { delay_seconds: settings.delay_seconds, tiers: JSON.stringify(settings.tiers), updated_at: at, updated_by: by };
    await db
      .insertInto('alert_escalation')
      .values({ domain_uuid: domain, ...values })
      .onConflict((oc) => oc.column('domain_uuid').doUpdateSet(values))
      .execute();
  }
}
