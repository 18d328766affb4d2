import { PostgresAdapter, type Kysely, type Migration } from 'kysely';

const isPostgres = (db: Kysely<any>) => db.getExecutor().adapter instanceof PostgresAdapter;

/**
 * Biometric privacy (issue 27): the audit trail, people's consent, and each building's privacy settings.
 *
 * - `audit_log`: append-only, who did what, where and from which address (no secret, no biometric data). Entries
 *   keep the actor's e-mail so they outlive the account; `seq` orders entries written in the same millisecond.
 * - `face_consents`: every consent answer recorded for a person (the newest counts); `faces.consent` and
 *   `faces.consent_purposes` carry the current one so the gallery and the lists read it without a join.
 * - `domain_privacy`: whether recognition needs consent in the building, and its retention periods (JSON, days per
 *   category; a category not named keeps the default of the contract).
 * - `live_leases.started_at` and `viewer` (e-mail and address, JSON): a viewing is audited when its lease ends.
 * - The `account/view_audit` operation goes to every role that administers accounts (`account/edit`).
 */
export const privacyMigration: Migration = {
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('audit_log')
      .addColumn('seq', isPostgres(db) ? 'bigserial' : 'integer', (c) => (isPostgres(db) ? c.primaryKey() : c.primaryKey().autoIncrement()))
      .addColumn('at', 'bigint', (c) => c.notNull())
      .addColumn('user_id', 'varchar(36)')
      .addColumn('user_email', 'varchar(320)')
      .addColumn('domain_uuid', 'varchar(36)')
      .addColumn('action', 'varchar(64)', (c) => c.notNull())
      .addColumn('camera_uuid', 'varchar(36)')
      .addColumn('subject', 'varchar(64)')
      .addColumn('detail', 'text')
      .addColumn('address', 'varchar(64)')
      .execute();
    await db.schema.createIndex('audit_log_domain_at').on('audit_log').columns(['domain_uuid', 'at']).execute();
    await db.schema.createIndex('audit_log_at').on('audit_log').column('at').execute();

    await db.schema
      .createTable('face_consents')
      .addColumn('seq', isPostgres(db) ? 'bigserial' : 'integer', (c) => (isPostgres(db) ? c.primaryKey() : c.primaryKey().autoIncrement()))
      .addColumn('face_uuid', 'varchar(36)', (c) => c.notNull().references('faces.uuid').onDelete('cascade'))
      .addColumn('domain_uuid', 'varchar(36)', (c) => c.notNull())
      .addColumn('state', 'varchar(16)', (c) => c.notNull())
      .addColumn('given_by', 'varchar(16)', (c) => c.notNull())
      .addColumn('representative', 'text')
      .addColumn('purposes', 'text', (c) => c.notNull())
      .addColumn('note', 'text')
      .addColumn('recorded_by', 'varchar(320)', (c) => c.notNull())
      .addColumn('recorded_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('face_consents_face').on('face_consents').columns(['face_uuid', 'seq']).execute();
    await db.schema.alterTable('faces').addColumn('consent', 'varchar(16)').execute();
    await db.schema.alterTable('faces').addColumn('consent_purposes', 'text').execute();

    await db.schema
      .createTable('domain_privacy')
      .addColumn('domain_uuid', 'varchar(36)', (c) => c.primaryKey().references('domains.uuid').onDelete('cascade'))
      .addColumn('consent_required', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('retention', 'text', (c) => c.notNull().defaultTo('{}'))
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .addColumn('updated_by', 'varchar(320)')
      .execute();

    // A live viewing is audited when it ends (camera, from, to): the lease keeps when it started and who watched from where.
    await db.schema.alterTable('live_leases').addColumn('started_at', 'bigint').execute();
    await db.schema.alterTable('live_leases').addColumn('viewer', 'text').execute();

    const admins = await db
      .selectFrom('role_operations')
      .select('role')
      .where('service', '=', 'account')
      .where('operation', '=', 'edit')
      .execute();
    for (const { role } of admins)
      await db
        .insertInto('role_operations')
        .values({ role, service: 'account', operation: 'view_audit' })
        .onConflict((oc) => oc.doNothing())
        .execute();
  },
};
