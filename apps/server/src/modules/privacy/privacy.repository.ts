import type { Db, Executor } from '../../db/database.js';

/** A building's privacy settings (domain_privacy): consent needed for recognition, retention periods. */
export class PrivacyRepository {
  constructor(private readonly db: Db) {}

  async settings(db: Executor, domainUuid: string): Promise<{ consentRequired: boolean; retention: Record<string, number> } | undefined> {
    const row = await db.selectFrom('domain_privacy').selectAll().where('domain_uuid', '=', domainUuid).executeTakeFirst();
    return row && { consentRequired: Number(row.consent_required) === 1, retention: JSON.parse(row.retention) as Record<string, number> };
  }

  async setConsentRequired(db: Executor, domainUuid: string, required: boolean, at: number, by: string | null): Promise<void> {
    await db
      .insertInto('domain_privacy')
      .values({ domain_uuid: domainUuid, consent_required: required ? 1 : 0, updated_at: at, updated_by: by })
      .onConflict((oc) => oc.column('domain_uuid').doUpdateSet({ consent_required: required ? 1 : 0, updated_at: at, updated_by: by }))
      .execute();
  }

  /** The stored row: retention JSON as written, who changed the settings last and when. */
  row(domainUuid: string) {
    return this.db.selectFrom('domain_privacy').selectAll().where('domain_uuid', '=', domainUuid).executeTakeFirst();
  }

  /** A building's own retention periods (JSON of days per category), replacing those stored. */
  async setRetention(domainUuid: string, retention: string, at: number, by: string | null): Promise<void> {
    await this.db
      .insertInto('domain_privacy')
      .values({ domain_uuid: domainUuid, retention, updated_at: at, updated_by: by })
      .onConflict((oc) => oc.column('domain_uuid').doUpdateSet({ retention, updated_at: at, updated_by: by }))
      .execute();
  }
}
