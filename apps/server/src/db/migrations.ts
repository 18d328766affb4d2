import type { Kysely, Migration, MigrationProvider } from 'kysely';
import { facesRegistryMigration } from './migration-0009-faces-registry.js';
import { analyzersMigration } from './migration-0010-analyzers.js';
import { onboardingMigration } from './migration-0011-onboarding.js';
import { modelsMigration } from './migration-0013-models.js';
import { finderCodesMigration } from './migration-0014-finder-codes.js';
import { privacyMigration } from './migration-0015-privacy.js';
import { erasureMigration } from './migration-0016-erasure.js';
import { retentionMigration } from './migration-0017-retention.js';
import { badgesMigration } from './migration-0018-badges.js';
import { keyPurposesMigration } from './migration-0019-key-purposes.js';
import { reportPeopleMigration } from './migration-0020-report-people.js';
import { badgePrivacyMigration } from './migration-0021-badge-privacy.js';
import { alertDeliveryMigration } from './migration-0022-alert-delivery.js';
import { trainingMigration } from './migration-0012-training.js';

/** One ordered set of migrations for SQLite and PostgreSQL alike: portable types only. */
const migrations: Record<string, Migration> = {
  '0001_foundation': {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('domains')
        .addColumn('uuid', 'varchar(36)', (c) => c.primaryKey())
        .addColumn('description', 'text', (c) => c.notNull())
        .addColumn('preferences', 'text', (c) => c.notNull().defaultTo('{}'))
        .addColumn('timezone', 'varchar(64)', (c) => c.notNull().defaultTo('America/New_York'))
        .addColumn('geoloc', 'varchar(64)')
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('cameras')
        .addColumn('uuid', 'varchar(36)', (c) => c.primaryKey())
        .addColumn('domain_uuid', 'varchar(36)', (c) => c.notNull().references('domains.uuid').onDelete('cascade'))
        .addColumn('description', 'text', (c) => c.notNull())
        .addColumn('floor', 'integer')
        .addColumn('label', 'text')
        .addColumn('protocol', 'varchar(16)', (c) => c.notNull().defaultTo('rtsp'))
        .addColumn('host', 'text', (c) => c.notNull())
        .addColumn('port', 'integer', (c) => c.notNull().defaultTo(554))
        .addColumn('path', 'text', (c) => c.notNull())
        .addColumn('username', 'text')
        .addColumn('password', 'text')
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('cameras_domain').on('cameras').column('domain_uuid').execute();
      await db.schema
        .createTable('users')
        .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
        .addColumn('email', 'varchar(320)', (c) => c.notNull().unique())
        .addColumn('display_name', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('roles')
        .addColumn('name', 'varchar(64)', (c) => c.primaryKey())
        .addColumn('description', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('role_operations')
        .addColumn('role', 'varchar(64)', (c) => c.notNull().references('roles.name').onDelete('cascade'))
        .addColumn('service', 'varchar(32)', (c) => c.notNull())
        .addColumn('operation', 'varchar(64)', (c) => c.notNull())
        .addPrimaryKeyConstraint('role_operations_pk', ['role', 'service', 'operation'])
        .execute();
      await db.schema
        .createTable('user_roles')
        .addColumn('user_id', 'varchar(36)', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('domain_uuid', 'varchar(36)', (c) => c.notNull().references('domains.uuid').onDelete('cascade'))
        .addColumn('role', 'varchar(64)', (c) => c.notNull().references('roles.name').onDelete('cascade'))
        .addPrimaryKeyConstraint('user_roles_pk', ['user_id', 'domain_uuid', 'role'])
        .execute();
      await db.schema
        .createTable('sessions')
        .addColumn('token_hash', 'varchar(64)', (c) => c.primaryKey())
        .addColumn('user_id', 'varchar(36)', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('expires_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('sessions_expiry').on('sessions').column('expires_at').execute();
      await db.schema
        .createTable('used_nonces')
        .addColumn('nonce_hash', 'varchar(64)', (c) => c.primaryKey())
        .addColumn('expires_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('pins')
        .addColumn('user_id', 'varchar(36)', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('domain_uuid', 'varchar(36)', (c) => c.notNull().references('domains.uuid').onDelete('cascade'))
        .addColumn('pin_hash', 'varchar(64)', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('pins_pk', ['user_id', 'domain_uuid'])
        .addUniqueConstraint('pins_unique_in_domain', ['domain_uuid', 'pin_hash'])
        .execute();
      await db.schema
        .createTable('pin_attempts')
        .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
        .addColumn('user_id', 'varchar(36)', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('domain_uuid', 'varchar(36)', (c) => c.notNull())
        .addColumn('kind', 'varchar(16)', (c) => c.notNull())
        .addColumn('ok', 'integer', (c) => c.notNull())
        .addColumn('at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('pin_attempts_user_time').on('pin_attempts').columns(['user_id', 'kind', 'at']).execute();
    },
  },
  '0002_oidc_payloads': {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('oidc_payloads')
        .addColumn('model', 'varchar(64)', (c) => c.notNull())
        .addColumn('id', 'varchar(255)', (c) => c.notNull())
        .addColumn('payload', 'text', (c) => c.notNull())
        .addColumn('grant_id', 'varchar(255)')
        .addColumn('user_code', 'varchar(255)')
        .addColumn('uid', 'varchar(255)')
        .addColumn('expires_at', 'bigint')
        .addColumn('consumed_at', 'bigint')
        .addPrimaryKeyConstraint('oidc_payloads_pk', ['model', 'id'])
        .execute();
      await db.schema.createIndex('oidc_payloads_grant').on('oidc_payloads').column('grant_id').execute();
      await db.schema.createIndex('oidc_payloads_uid').on('oidc_payloads').column('uid').execute();
    },
  },
  '0003_video': {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('clips')
        .addColumn('camera_uuid', 'varchar(36)', (c) => c.notNull().references('cameras.uuid').onDelete('cascade'))
        .addColumn('start_ms', 'bigint', (c) => c.notNull())
        .addColumn('duration_ms', 'integer', (c) => c.notNull())
        .addColumn('size_bytes', 'bigint', (c) => c.notNull())
        .addColumn('file', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('clips_pk', ['camera_uuid', 'start_ms'])
        .execute();
      await db.schema.createIndex('clips_created').on('clips').column('created_at').execute();
      await db.schema
        .createTable('live_leases')
        .addColumn('id_hash', 'varchar(64)', (c) => c.primaryKey())
        .addColumn('camera_uuid', 'varchar(36)', (c) => c.notNull().references('cameras.uuid').onDelete('cascade'))
        .addColumn('user_id', 'varchar(36)', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('expires_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('live_leases_user_camera').on('live_leases').columns(['user_id', 'camera_uuid']).execute();
    },
  },
  '0004_events': {
    async up(db: Kysely<any>) {
      await db.schema
        .alterTable('cameras')
        .addColumn('is_exit', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema
        .createTable('detectors')
        .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
        .addColumn('domain_uuid', 'varchar(36)', (c) => c.notNull().references('domains.uuid').onDelete('cascade'))
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('key_hash', 'varchar(64)', (c) => c.notNull().unique())
        .addColumn('key_prefix', 'varchar(16)', (c) => c.notNull())
        .addColumn('created_by', 'varchar(36)')
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('last_used_at', 'bigint')
        .addColumn('revoked_at', 'bigint')
        .execute();
      await db.schema.createIndex('detectors_domain').on('detectors').column('domain_uuid').execute();
      await db.schema
        .createTable('events')
        .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
        .addColumn('domain_uuid', 'varchar(36)', (c) => c.notNull().references('domains.uuid').onDelete('cascade'))
        .addColumn('camera_uuid', 'varchar(36)', (c) => c.notNull().references('cameras.uuid').onDelete('cascade'))
        .addColumn('started_at', 'bigint', (c) => c.notNull())
        .addColumn('category', 'varchar(16)', (c) => c.notNull())
        .addColumn('description', 'text', (c) => c.notNull())
        .addColumn('objects', 'text', (c) => c.notNull())
        .addColumn('metrics', 'text', (c) => c.notNull())
        .addColumn('alerted', 'integer', (c) => c.notNull())
        .addColumn('rule_id', 'varchar(36)')
        .addColumn('detector_id', 'varchar(36)', (c) => c.references('detectors.id').onDelete('set null'))
        .addColumn('source_id', 'varchar(128)')
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
      // Keyset pages walk (started_at, id) backwards inside one of these.
      await db.schema.createIndex('events_domain_time').on('events').columns(['domain_uuid', 'started_at', 'id']).execute();
      await db.schema.createIndex('events_camera_time').on('events').columns(['camera_uuid', 'started_at', 'id']).execute();
      await db.schema
        .createIndex('events_domain_alerted_time')
        .on('events')
        .columns(['domain_uuid', 'alerted', 'started_at', 'id'])
        .execute();
      await db.schema.createIndex('events_source').on('events').columns(['detector_id', 'source_id']).unique().execute();
      await db.schema
        .createTable('faces')
        .addColumn('uuid', 'varchar(36)', (c) => c.primaryKey())
        .addColumn('domain_uuid', 'varchar(36)', (c) => c.notNull().references('domains.uuid').onDelete('cascade'))
        .addColumn('first_name', 'text', (c) => c.notNull())
        .addColumn('last_name', 'text', (c) => c.notNull())
        .addColumn('role', 'varchar(32)', (c) => c.notNull())
        .addColumn('gender', 'varchar(16)')
        .addColumn('complexion', 'varchar(32)')
        .addColumn('room', 'text')
        .addColumn('bed', 'text')
        .addColumn('elopement_risk', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('email', 'text')
        .addColumn('employee_role', 'varchar(32)')
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('faces_domain').on('faces').column('domain_uuid').execute();
      await db.schema
        .createTable('face_detections')
        .addColumn('runtime_face_uuid', 'varchar(36)', (c) => c.primaryKey())
        .addColumn('domain_uuid', 'varchar(36)', (c) => c.notNull().references('domains.uuid').onDelete('cascade'))
        .addColumn('camera_uuid', 'varchar(36)', (c) => c.notNull().references('cameras.uuid').onDelete('cascade'))
        .addColumn('captured_at', 'bigint', (c) => c.notNull())
        .addColumn('frontend_face_uuid', 'varchar(36)', (c) => c.references('faces.uuid').onDelete('set null'))
        .addColumn('confidence', 'real', (c) => c.notNull())
        .addColumn('box', 'text')
        .addColumn('is_face', 'integer')
        .addColumn('match_confirmed', 'integer')
        .addColumn('reviewed_by', 'varchar(36)')
        .addColumn('reviewed_at', 'bigint')
        .addColumn('detector_id', 'varchar(36)', (c) => c.references('detectors.id').onDelete('set null'))
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('face_detections_domain_time').on('face_detections').columns(['domain_uuid', 'captured_at']).execute();
      await db.schema
        .createTable('elopement_alerts')
        .addColumn('alert_id', 'varchar(36)', (c) => c.primaryKey())
        .addColumn('domain_uuid', 'varchar(36)', (c) => c.notNull().references('domains.uuid').onDelete('cascade'))
        .addColumn('camera_uuid', 'varchar(36)', (c) => c.notNull().references('cameras.uuid').onDelete('cascade'))
        .addColumn('runtime_face_uuid', 'varchar(36)', (c) =>
          c.notNull().unique().references('face_detections.runtime_face_uuid').onDelete('cascade'),
        )
        .addColumn('frontend_face_uuid', 'varchar(36)', (c) => c.notNull().references('faces.uuid').onDelete('cascade'))
        .addColumn('event_ts', 'bigint', (c) => c.notNull())
        .addColumn('description', 'text', (c) => c.notNull())
        .addColumn('dismissed_at', 'bigint')
        .addColumn('dismissed_by', 'varchar(36)', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('dismissed_via', 'varchar(8)')
        .addColumn('dismissed_from', 'varchar(36)', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('elopement_alerts_domain_time').on('elopement_alerts').columns(['domain_uuid', 'event_ts']).execute();
      await db.schema
        .createTable('alert_rules')
        .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
        .addColumn('domain_uuid', 'varchar(36)', (c) => c.notNull().references('domains.uuid').onDelete('cascade'))
        .addColumn('definition', 'text', (c) => c.notNull())
        .addColumn('created_by', 'varchar(36)')
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('alert_rules_domain').on('alert_rules').column('domain_uuid').execute();
      await db.schema
        .createTable('alert_rule_state')
        .addColumn('rule_id', 'varchar(36)', (c) => c.notNull().references('alert_rules.id').onDelete('cascade'))
        .addColumn('camera_uuid', 'varchar(36)', (c) => c.notNull())
        .addColumn('last_alert_at', 'bigint')
        .addColumn('last_seen_at', 'bigint')
        .addPrimaryKeyConstraint('alert_rule_state_pk', ['rule_id', 'camera_uuid'])
        .execute();
    },
  },
  '0005_client_errors': {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('client_errors')
        .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
        .addColumn('at', 'bigint', (c) => c.notNull())
        .addColumn('user_id', 'varchar(36)', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('kind', 'varchar(16)', (c) => c.notNull())
        .addColumn('message', 'text', (c) => c.notNull())
        .addColumn('page', 'text', (c) => c.notNull())
        .addColumn('detail', 'text')
        .addColumn('user_agent', 'text')
        .execute();
      await db.schema.createIndex('client_errors_at').on('client_errors').column('at').execute();
    },
  },
  '0006_pin_collisions': {
    async up(db: Kysely<any>) {
      // Whose PIN a refused change was for: administrators see refused PINs as security events.
      await db.schema.alterTable('pin_attempts').addColumn('target_user_id', 'varchar(36)').execute();
      await db.schema.createIndex('pin_attempts_domain_time').on('pin_attempts').columns(['domain_uuid', 'kind', 'at']).execute();
    },
  },
  '0007_live_lease_sessions': {
    async up(db: Kysely<any>) {
      // A live lease belongs to the session that asked for it: logging out (or the session expiring) ends it.
      await db.schema
        .alterTable('live_leases')
        .addColumn('session_hash', 'varchar(64)', (c) => c.references('sessions.token_hash').onDelete('cascade'))
        .execute();
      // What was asked for: a heartbeat extends a lease by at most that much.
      await db.schema.alterTable('live_leases').addColumn('duration_ms', 'bigint').execute();
    },
  },
  '0008_camera_removal': {
    async up(db: Kysely<any>) {
      // A deleted camera is removed from every list and stops recording, but its row stays: the events, alerts and
      // clips recorded by it (history a facility must keep) reference it and keep its name.
      await db.schema.alterTable('cameras').addColumn('removed_at', 'bigint').execute();
    },
  },
  '0009_faces_registry': facesRegistryMigration,
  '0010_analyzers': analyzersMigration,
  '0011_onboarding': onboardingMigration,
  '0012_training': trainingMigration,
  '0013_models': modelsMigration,
  '0014_finder_codes': finderCodesMigration,
  '0015_privacy': privacyMigration,
  '0016_erasure': erasureMigration,
  '0017_retention': retentionMigration,
  '0018_badges': badgesMigration,
  '0019_key_purposes': keyPurposesMigration,
  '0020_report_people': reportPeopleMigration,
  '0021_badge_privacy': badgePrivacyMigration,
  '0022_alert_delivery': alertDeliveryMigration,
};

export const migrationProvider: MigrationProvider = {
  getMigrations: () => Promise.resolve(migrations),
};
