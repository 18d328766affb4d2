import type { Kysely, Migration } from 'kysely';

/**
 * Alerts that reach caregivers (issue 37): an elopement alert's steps (raised, escalated, acknowledged, dismissed),
 * each building's escalation tiers, Web Push subscriptions (per device, user and building, ended with the session that
 * made them), the delivery queue (push, MQTT, webhooks: retried, logged, never in ingest's way), webhooks, and the
 * hours a resident's elopement risk holds.
 */
export const alertDeliveryMigration: Migration = {
  async up(db: Kysely<any>) {
    await db.schema.alterTable('elopement_alerts').addColumn('acknowledged_at', 'bigint').execute();
    await db.schema.alterTable('elopement_alerts').addColumn('acknowledged_by', 'varchar(36)').execute();
    // 'app' (a signed-in page) or 'push' (a notification's action, from the lock screen)
    await db.schema.alterTable('elopement_alerts').addColumn('acknowledged_via', 'varchar(16)').execute();
    // the device: a push subscription's id, or null for a page
    await db.schema.alterTable('elopement_alerts').addColumn('acknowledged_device', 'varchar(36)').execute();
    await db.schema.alterTable('elopement_alerts').addColumn('acknowledged_device_label', 'text').execute();
    // which tier has been told (0: the first); the next escalation's moment while nobody acknowledged nor dismissed it
    await db.schema
      .alterTable('elopement_alerts')
      .addColumn('escalation_tier', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema.alterTable('elopement_alerts').addColumn('next_escalation_at', 'bigint').execute();
    await db.schema.createIndex('elopement_alerts_next_escalation').on('elopement_alerts').column('next_escalation_at').execute();

    // Every step of an alert, in order (the alert card's timeline, the report's times, the audit trail's source).
    await db.schema
      .createTable('elopement_alert_steps')
      .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
      .addColumn('alert_id', 'varchar(36)', (c) => c.notNull().references('elopement_alerts.alert_id').onDelete('cascade'))
      .addColumn('domain_uuid', 'varchar(36)', (c) => c.notNull())
      // raised | escalated | acknowledged | dismissed
      .addColumn('step', 'varchar(16)', (c) => c.notNull())
      .addColumn('at', 'bigint', (c) => c.notNull())
      .addColumn('tier', 'integer')
      .addColumn('user_id', 'varchar(36)')
      .addColumn('device_label', 'text')
      .addColumn('detail', 'text')
      .execute();
    await db.schema.createIndex('elopement_alert_steps_alert').on('elopement_alert_steps').columns(['alert_id', 'at']).execute();

    // A building's escalation: the delay before the next tier is told, and the tiers (JSON, contract escalationTiers).
    await db.schema
      .createTable('alert_escalation')
      .addColumn('domain_uuid', 'varchar(36)', (c) => c.primaryKey())
      .addColumn('delay_seconds', 'integer', (c) => c.notNull())
      .addColumn('tiers', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .addColumn('updated_by', 'varchar(36)')
      .execute();

    // A device that receives a building's alerts for a user; it ends with the session that made it (logout).
    await db.schema
      .createTable('push_subscriptions')
      .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
      .addColumn('user_id', 'varchar(36)', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('domain_uuid', 'varchar(36)', (c) => c.notNull())
      .addColumn('session_hash', 'varchar(64)', (c) => c.notNull().references('sessions.token_hash').onDelete('cascade'))
      .addColumn('endpoint', 'text', (c) => c.notNull())
      .addColumn('p256dh', 'text', (c) => c.notNull())
      .addColumn('auth', 'text', (c) => c.notNull())
      .addColumn('device_label', 'text', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('last_sent_at', 'bigint')
      .execute();
    await db.schema.createIndex('push_subscriptions_domain').on('push_subscriptions').columns(['domain_uuid', 'user_id']).execute();
    await db.schema
      .createIndex('push_subscriptions_endpoint')
      .on('push_subscriptions')
      .columns(['endpoint', 'domain_uuid'])
      .unique()
      .execute();

    // Webhooks for nurse-call gateways: signed with their own secret (kept encrypted under the server's secret).
    await db.schema
      .createTable('webhooks')
      .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
      .addColumn('domain_uuid', 'varchar(36)', (c) => c.notNull())
      .addColumn('url', 'text', (c) => c.notNull())
      .addColumn('secret', 'text', (c) => c.notNull())
      .addColumn('description', 'text', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('removed_at', 'bigint')
      .execute();
    await db.schema.createIndex('webhooks_domain').on('webhooks').column('domain_uuid').execute();

    // The delivery queue: one row per message to one target (a subscription, the broker, a webhook), or a fan-out row
    // (channel 'fanout') that the dispatcher expands. Rows are claimed with a lease, so several servers share the work.
    await db.schema
      .createTable('alert_deliveries')
      .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
      .addColumn('domain_uuid', 'varchar(36)', (c) => c.notNull())
      .addColumn('alert_id', 'varchar(36)')
      // fanout | push | mqtt | webhook
      .addColumn('channel', 'varchar(16)', (c) => c.notNull())
      // a push subscription's id, a webhook's id, 'broker', or (fanout) what to expand
      .addColumn('target', 'varchar(64)', (c) => c.notNull())
      // raised | escalated | acknowledged | dismissed
      .addColumn('step', 'varchar(16)', (c) => c.notNull())
      .addColumn('tier', 'integer')
      .addColumn('payload', 'text')
      // pending | sent | failed | gone | dropped
      .addColumn('status', 'varchar(16)', (c) => c.notNull())
      .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('next_attempt_at', 'bigint', (c) => c.notNull())
      .addColumn('claimed_until', 'bigint')
      .addColumn('claimed_by', 'varchar(64)')
      .addColumn('last_error', 'text')
      .addColumn('last_status', 'integer')
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('sent_at', 'bigint')
      .execute();
    await db.schema.createIndex('alert_deliveries_due').on('alert_deliveries').columns(['status', 'next_attempt_at']).execute();
    await db.schema.createIndex('alert_deliveries_alert').on('alert_deliveries').column('alert_id').execute();
    await db.schema.createIndex('alert_deliveries_domain').on('alert_deliveries').columns(['domain_uuid', 'created_at']).execute();
    // Each try of a delivery (the webhook delivery log): when, what the far end answered, how long it took.
    await db.schema
      .createTable('alert_delivery_attempts')
      .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
      .addColumn('delivery_id', 'varchar(36)', (c) => c.notNull().references('alert_deliveries.id').onDelete('cascade'))
      .addColumn('at', 'bigint', (c) => c.notNull())
      .addColumn('status_code', 'integer')
      .addColumn('error', 'text')
      .addColumn('duration_ms', 'integer', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('alert_delivery_attempts_delivery').on('alert_delivery_attempts').columns(['delivery_id', 'at']).execute();

    // When a resident's elopement risk holds (JSON {days, time_range}, the alert rules' time rules); null: always.
    await db.schema.alterTable('faces').addColumn('elopement_risk_hours', 'text').execute();
  },
};
