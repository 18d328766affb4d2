import { ERASED_PERSON } from '@vigil/contract';
import type { Db, Executor, Trx } from '../../db/database.js';
import type { ElopementAlertRow } from '../../db/schema.js';
import type { ElopementAlertsRepository } from './elopement.repository.js';

/**
 * A person's elopement alerts as an erasure and a subject access export need them (faces asks, alerts decide): the
 * alerts raised about them or on a face of theirs. Erased, an alert keeps the fact (time, camera, who dismissed it
 * and how) and loses the face: no person, no detection, and a text that no longer names them.
 */
export class PersonAlertsService {
  constructor(private readonly d: { elopement: ElopementAlertsRepository; db: Db }) {}

  /** The person's alerts (raised about them, or on one of `detections`), oldest first. */
  ofPerson(person: string, detections: readonly string[], db: Executor = this.d.db): Promise<ElopementAlertRow[]> {
    return this.d.elopement.ofPerson(db, person, detections);
  }

  /** In the erasure's transaction: their alerts lose the face; how many did. */
  async erase(trx: Trx, person: string, detections: readonly string[]): Promise<number> {
    const alerts = await this.d.elopement.ofPerson(trx, person, detections);
    await this.d.elopement.anonymise(
      trx,
      alerts.map((a) => a.alert_id),
      ERASED_PERSON.description,
    );
    return alerts.length;
  }
}
