import type { Kysely, Migration } from 'kysely';
import { eachChunk } from './chunked.js';

/**
 * Report rows name people by id (issue 36): `report_people` says which registry person (`person`) or badge identity
 * (`badge`) each row of a stored report is about, so an erasure takes out their rows and no one else's (it matched
 * names as text: erasing "Ann Lee" took "Mary Ann Lee"'s rows, and every row at a door called "Ann Lee").
 *
 * The reports already stored get theirs from what the rows still point to: a tap row's badge link names its identity
 * (and the registry person it is linked to), its 'Seen Instead' the person the tap recorded; an alert row's picture
 * names the alert and so its person. Where a row has no such link, a name is taken only when exactly one person in
 * the building has it in full. Rows that name nobody this way get none (an erasure leaves them).
 */
export const reportPeopleMigration: Migration = {
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('report_people')
      .addColumn('report_uuid', 'varchar(36)', (c) => c.notNull().references('reports.uuid').onDelete('cascade'))
      .addColumn('domain_uuid', 'varchar(36)', (c) => c.notNull())
      .addColumn('row_index', 'integer', (c) => c.notNull())
      .addColumn('subject_uuid', 'varchar(36)', (c) => c.notNull())
      .addColumn('kind', 'varchar(8)', (c) => c.notNull())
      .addPrimaryKeyConstraint('report_people_pk', ['report_uuid', 'row_index', 'subject_uuid'])
      .execute();
    await db.schema.createIndex('report_people_subject').on('report_people').columns(['domain_uuid', 'subject_uuid']).execute();

    const reports = (await db.selectFrom('reports').select(['uuid', 'domain_uuid', 'kind']).execute()) as Stored[];
    for (const report of reports) {
      const { body } = (await db.selectFrom('reports').select('body').where('uuid', '=', report.uuid).executeTakeFirstOrThrow()) as {
        body: string;
      };
      const rows = JSON.parse(body) as Record<string, unknown>[];
      const names = new Namer(db, report.domain_uuid);
      const values: Record<string, unknown>[] = [];
      for (const [index, row] of rows.entries()) {
        const subjects = report.kind === 'elopement_alerts' ? await names.ofAlertRow(row) : await names.ofTapRow(row);
        for (const [uuid, kind] of subjects)
          values.push({ report_uuid: report.uuid, domain_uuid: report.domain_uuid, row_index: index, subject_uuid: uuid, kind });
      }
      await eachChunk(values, (slice) => db.insertInto('report_people').values(slice).execute());
    }
  },
};

interface Stored {
  uuid: string;
  domain_uuid: string;
  kind: string;
}

/** Times in stored rows are whole seconds (formatUtc): the event is within the second. */
const within = (text: unknown): [number, number] | null => {
  const at = typeof text === 'string' ? Date.parse(text) : NaN;
  return Number.isNaN(at) ? null : [at, at + 1_000];
};
const NOBODY = '00000000-0000-0000-0000-000000000000';

/** Who a stored row is about, found through the ids the building's tables still hold. */
class Namer {
  private people: Map<string, string[]> | null = null;
  constructor(
    private readonly db: Kysely<any>,
    private readonly domain: string,
  ) {}

  async ofTapRow(row: Record<string, unknown>): Promise<Map<string, 'person' | 'badge'>> {
    const found = new Map<string, 'person' | 'badge'>();
    const href = (row.holder as { href?: unknown } | null)?.href;
    const badge = typeof href === 'string' ? /^\/credential\/([A-Za-z0-9_-]{16})$/.exec(href)?.[1] : undefined;
    const identity = badge
      ? ((await this.db
          .selectFrom('badge_identities')
          .select(['uuid', 'face_uuid'])
          .where('domain_uuid', '=', this.domain)
          .where('identity_id', '=', badge)
          .executeTakeFirst()) as { uuid: string; face_uuid: string | null } | undefined)
      : undefined;
    if (identity) found.set(identity.uuid, 'badge');
    if (identity?.face_uuid) found.set(identity.face_uuid, 'person');
    if (typeof row.seen !== 'string') return found;
    const span = within(row.time);
    const tap =
      identity && span
        ? ((await this.db
            .selectFrom('access_events')
            .select('shared_with')
            .where('identity_uuid', '=', identity.uuid)
            .where('event_at', '>=', span[0])
            .where('event_at', '<', span[1])
            .where('shared_with', 'is not', null)
            .executeTakeFirst()) as { shared_with: string } | undefined)
        : undefined;
    const seen = tap?.shared_with ?? (await this.byFullName(row.seen));
    if (seen) found.set(seen, 'person');
    return found;
  }

  async ofAlertRow(row: Record<string, unknown>): Promise<Map<string, 'person' | 'badge'>> {
    const image = (row.face as { image?: unknown } | null)?.image;
    const detection = typeof image === 'string' && image.startsWith('detection:') ? image.slice('detection:'.length) : null;
    let people: (string | null)[] = [];
    if (detection)
      people = (
        (await this.db
          .selectFrom('elopement_alerts')
          .select('frontend_face_uuid')
          .where('runtime_face_uuid', '=', detection)
          .execute()) as {
          frontend_face_uuid: string | null;
        }[]
      ).map((a) => a.frontend_face_uuid);
    const span = within(row.time);
    if (people.length === 0 && span)
      people = (
        (await this.db
          .selectFrom('elopement_alerts')
          .select('frontend_face_uuid')
          .where('domain_uuid', '=', this.domain)
          .where('event_ts', '>=', span[0])
          .where('event_ts', '<', span[1])
          .execute()) as { frontend_face_uuid: string | null }[]
      ).map((a) => a.frontend_face_uuid);
    const distinct = [...new Set(people.filter((p): p is string => p !== null && p !== NOBODY))];
    const person = distinct.length === 1 ? distinct[0] : typeof row.resident === 'string' ? await this.byFullName(row.resident) : null;
    return new Map(person ? [[person, 'person' as const]] : []);
  }

  /** The one person of the building with exactly this full name; none when nobody or several have it. */
  private async byFullName(name: string): Promise<string | null> {
    if (!this.people) {
      this.people = new Map();
      const rows = (await this.db
        .selectFrom('faces')
        .select(['uuid', 'first_name', 'last_name'])
        .where('domain_uuid', '=', this.domain)
        .execute()) as { uuid: string; first_name: string; last_name: string }[];
      for (const p of rows) {
        const full = `${p.first_name} ${p.last_name}`.trim();
        this.people.set(full, [...(this.people.get(full) ?? []), p.uuid]);
      }
    }
    const matches = this.people.get(name.trim()) ?? [];
    return matches.length === 1 ? matches[0]! : null;
  }
}
