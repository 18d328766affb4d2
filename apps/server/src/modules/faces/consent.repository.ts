import type { ConsentPurpose, ParsedConsent } from '@vigil/contract';
import { sql } from 'kysely';
import { eachChunk } from '../../db/chunked.js';
import type { Db, Executor, Trx } from '../../db/database.js';
import type { FaceConsentTable } from '../../db/schema.js';

export type ConsentRow = Omit<FaceConsentTable, 'seq'> & { seq: number };

/** A consent answer as stored and compared (face_consents' columns, purposes parsed). */
export const parsedConsent = (row: Pick<ConsentRow, 'state' | 'given_by' | 'representative' | 'purposes' | 'note'>): ParsedConsent => ({
  state: row.state,
  given_by: row.given_by as ParsedConsent['given_by'],
  representative: row.representative,
  purposes: JSON.parse(row.purposes) as ConsentPurpose[],
  note: row.note,
});

/**
 * People's consent to recognition (face_consents, with the current answer on faces.consent and consent_purposes) and
 * the face data that goes when a building may no longer recognise someone.
 */
export class ConsentRepository {
  constructor(private readonly db: Db) {}

  /** Appends an answer and makes it the person's current one (in the caller's transaction, with the person's change). */
  async record(trx: Trx, row: Omit<ConsentRow, 'seq'>): Promise<void> {
    await trx.insertInto('face_consents').values(row).execute();
    await trx.updateTable('faces').set({ consent: row.state, consent_purposes: row.purposes }).where('uuid', '=', row.face_uuid).execute();
  }

  /** A person's newest answer. */
  latest(db: Executor, person: string): Promise<ConsentRow | undefined> {
    return db
      .selectFrom('face_consents')
      .selectAll()
      .where('face_uuid', '=', person)
      .orderBy('seq', 'desc')
      .limit(1)
      .executeTakeFirst() as Promise<ConsentRow | undefined>;
  }

  /** Every answer recorded for a person, newest first. */
  history(person: string): Promise<ConsentRow[]> {
    return this.db.selectFrom('face_consents').selectAll().where('face_uuid', '=', person).orderBy('seq', 'desc').execute() as Promise<
      ConsentRow[]
    >;
  }

  /**
   * A building's people in service whose current answer is not a consent covering recognition (none recorded,
   * refused, or given for alerts alone), with that answer: the caller decides by the contract's rule.
   */
  withoutRecognition(db: Executor, domain: string): Promise<{ uuid: string; consent: string | null; consent_purposes: string | null }[]> {
    return db
      .selectFrom('faces')
      .select(['uuid', 'consent', 'consent_purposes'])
      .where('domain_uuid', '=', domain)
      .where('removed_at', 'is', null)
      .where((eb) =>
        eb.or([
          eb('consent', 'is', null),
          eb('consent', '<>', 'given'),
          eb('consent_purposes', 'is', null),
          eb('consent_purposes', 'not like', '%"recognition"%'),
        ]),
      )
      .execute();
  }

  /** Changes whenever any answer is recorded in the building (the analyzers' gallery depends on it). */
  async version(domain: string): Promise<string> {
    const { rows } = await sql<{ n: number | string; last: number | string | null }>`
      select count(*) as n, max(seq) as last from face_consents where domain_uuid = ${domain}`.execute(this.db);
    return `${Number(rows[0]?.n ?? 0)}.${rows[0]?.last ?? 0}`;
  }

  /** As forgetEmbeddings, in a transaction of its own. */
  forget(people: readonly string[]): Promise<void> {
    return this.db.transaction().execute((trx) => this.forgetEmbeddings(trx, people));
  }

  /**
   * Deletes the face data kept of these people: the embeddings (and the match finder's codes) of the detections
   * matched or confirmed to them, and of their registry photos. The detections and photos themselves stay.
   */
  async forgetEmbeddings(db: Executor, people: readonly string[]): Promise<void> {
    await eachChunk(people, async (slice) => {
      const theirs = db.selectFrom('face_detections').select('runtime_face_uuid').where('frontend_face_uuid', 'in', slice);
      await db.deleteFrom('face_embedding_codes').where('runtime_face_uuid', 'in', theirs).execute();
      await db.deleteFrom('face_embeddings').where('runtime_face_uuid', 'in', theirs).execute();
      const photos = db.selectFrom('face_images').select('uuid').where('face_uuid', 'in', slice);
      await db.deleteFrom('face_photo_embeddings').where('image_uuid', 'in', photos).execute();
    });
  }
}
