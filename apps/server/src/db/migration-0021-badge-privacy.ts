import { recognitionAllowed, type ConsentPurpose } from '@vigil/contract';
import type { Kysely, Migration } from 'kysely';

/**
 * Badges under the building's consent rule (issue 36). `badge_verifications`: a tap verified for a badge identity
 * without keeping the face (the building requires consent and the identity is not linked to a registry person who gave
 * it): who verified it and when. Buildings that require consent already have the door faces confirmed to such
 * identities forgotten here (each becomes a verification), as turning consent on forgets them.
 */
export const badgePrivacyMigration: Migration = {
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('badge_verifications')
      .addColumn('access_event_uuid', 'varchar(36)', (c) => c.notNull().references('access_events.uuid').onDelete('cascade'))
      .addColumn('identity_uuid', 'varchar(36)', (c) => c.notNull().references('badge_identities.uuid').onDelete('cascade'))
      .addColumn('domain_uuid', 'varchar(36)', (c) => c.notNull())
      .addColumn('verified_by', 'text')
      .addColumn('verified_at', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('badge_verifications_pk', ['access_event_uuid', 'identity_uuid'])
      .execute();
    await db.schema
      .createIndex('badge_verifications_identity')
      .on('badge_verifications')
      .columns(['identity_uuid', 'verified_at'])
      .execute();

    const domains = (await db.selectFrom('domain_privacy').select('domain_uuid').where('consent_required', '=', 1).execute()) as {
      domain_uuid: string;
    }[];
    for (const { domain_uuid: domain } of domains) {
      const identities = (await db
        .selectFrom('badge_identities')
        .leftJoin('faces', 'faces.uuid', 'badge_identities.face_uuid')
        .select(['badge_identities.uuid', 'faces.uuid as person', 'faces.removed_at', 'faces.consent', 'faces.consent_purposes'])
        .where('badge_identities.domain_uuid', '=', domain)
        .execute()) as {
        uuid: string;
        person: string | null;
        removed_at: number | null;
        consent: string | null;
        consent_purposes: string | null;
      }[];
      const consents = (i: (typeof identities)[number]) =>
        i.person !== null &&
        i.removed_at === null &&
        (i.consent === 'given' || i.consent === 'refused') &&
        recognitionAllowed(true, { state: i.consent, purposes: JSON.parse(i.consent_purposes ?? '[]') as ConsentPurpose[] });
      for (const identity of identities.filter((i) => !consents(i))) {
        const tags = (await db
          .selectFrom('badge_tags')
          .select(['access_event_uuid', 'verified_by', 'verified_at'])
          .where('identity_uuid', '=', identity.uuid)
          .where('rejected', '=', 0)
          .orderBy('verified_at', 'desc')
          .execute()) as { access_event_uuid: string; verified_by: string | null; verified_at: number }[];
        const newest = new Map<string, (typeof tags)[number]>();
        for (const t of tags) if (!newest.has(t.access_event_uuid)) newest.set(t.access_event_uuid, t);
        for (const t of newest.values())
          await db
            .insertInto('badge_verifications')
            .values({ ...t, identity_uuid: identity.uuid, domain_uuid: domain, verified_at: Number(t.verified_at) })
            .execute();
        await db.deleteFrom('badge_tags').where('identity_uuid', '=', identity.uuid).execute();
        const last = tags[0];
        await db
          .updateTable('badge_identities')
          .set({ tags: 0, last_verified_at: last ? Number(last.verified_at) : null, last_verified_by: last?.verified_by ?? null })
          .where('uuid', '=', identity.uuid)
          .execute();
      }
    }
  },
};
