import { formatUtc, recognitionAllowed, type ConsentPurpose, type ConsentRecord } from '@vigil/contract';
import type { Db, Trx } from '../../db/database.js';
import type { FaceRow } from '../../db/schema.js';
import type { PrivacyService } from '../privacy/privacy.service.js';
import { parsedConsent, type ConsentRepository } from './consent.repository.js';
import { currentConsent } from './faces.presenters.js';

/** Whether a person may be recognised for the purposes, in a building whose setting was read once. */
export type ConsentCheck = (person: Pick<FaceRow, 'consent' | 'consent_purposes'>, purposes?: readonly ConsentPurpose[]) => boolean;

/**
 * Who a building may recognise (issue 27): with the building's setting on, only people whose consent covers
 * recognition are in its gallery, its models and its matches, and no face data of the others is kept.
 */
export class ConsentService {
  constructor(private readonly d: { db: Db; consents: ConsentRepository; privacy: Pick<PrivacyService, 'consentRequired'> }) {}

  required(domain: string, trx?: Trx): Promise<boolean> {
    return this.d.privacy.consentRequired(domain, trx);
  }

  /** The building's rule, read once in the caller's transaction (ingest checks a batch's people with it). */
  async check(trx: Trx, domain: string): Promise<ConsentCheck> {
    const required = await this.required(domain, trx);
    return (person, purposes) => recognitionAllowed(required, currentConsent(person), purposes);
  }

  /** The building's people in service who may not be recognised now (none while the setting is off). */
  async unrecognisable(domain: string, trx?: Trx): Promise<Set<string>> {
    if (!(await this.required(domain, trx))) return new Set();
    const rows = await this.d.consents.withoutRecognition(trx ?? this.d.db, domain);
    return new Set(rows.filter((p) => !recognitionAllowed(true, currentConsent(p))).map((p) => p.uuid));
  }

  /** What the gallery depends on besides the registry: with the setting on, every answer recorded (off: nothing). */
  async galleryKey(domain: string): Promise<string> {
    return (await this.required(domain)) ? `consent:${await this.d.consents.version(domain)}` : '';
  }

  /** After the setting changed (in its transaction): with it on, the face data of everyone who may not be recognised goes. */
  async settingChanged(trx: Trx, domain: string): Promise<void> {
    const people = await this.unrecognisable(domain, trx);
    if (people.size > 0) await this.d.consents.forgetEmbeddings(trx, [...people]);
  }

  /** The face data kept of these people goes (their detections' and photos' embeddings). */
  forget(people: readonly string[]): Promise<void> {
    return this.d.consents.forget(people);
  }

  /** A person's answers, newest first, as the API shows them. */
  async history(person: string): Promise<ConsentRecord[]> {
    const rows = await this.d.consents.history(person);
    return rows.map((row) => ({
      ...parsedConsent(row),
      recorded_by: row.recorded_by,
      recorded_at: formatUtc(new Date(Number(row.recorded_at))),
    }));
  }
}
