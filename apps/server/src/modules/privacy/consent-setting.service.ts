import { ALERTS_MESSAGES, canReadFaces, type ConsentSetting } from '@vigil/contract';
import { requireEntitlement, type Principal } from '../../auth/principal.js';
import type { Db, Trx } from '../../db/database.js';
import type { SqlDialect } from '../../db/dialect.js';
import { forbidden } from '../../lib/http-error.js';
import type { AuditActor, AuditService } from '../audit/audit.service.js';
import type { PrivacyService } from './privacy.service.js';

/**
 * Whether a building's recognition needs people's consent (issue 27): read by whoever may read its faces, changed with
 * faces/edit there (or by an administrator's CLI). Turned on, the face data of everyone without consent goes at once
 * (faces decides whose, and badges which identities' door faces), and the analyzers' gallery changes so they refetch it
 * within seconds.
 */
export class ConsentSettingService {
  constructor(
    private readonly d: {
      db: Db;
      dialect: Pick<SqlDialect, 'lockDomain'>;
      privacy: Pick<PrivacyService, 'consentRequired' | 'setConsentRequired'>;
      faces: { consentSettingChanged(trx: Trx, domain: string): Promise<void> };
      /** badge identities follow the rule too: what they may no longer keep goes in the same transaction */
      badges: { consentSettingChanged(trx: Trx, domain: string): Promise<void> };
      audit: Pick<AuditService, 'record'>;
    },
  ) {}

  async get(principal: Principal, domain: string): Promise<ConsentSetting> {
    if (!canReadFaces(principal.entitlements[domain])) throw forbidden(ALERTS_MESSAGES.facesNoAccess);
    return { ok: true, domain_uuid: domain, required: await this.d.privacy.consentRequired(domain) };
  }

  /** PUT /api/v1/privacy/consent (faces/edit in the building). */
  async change(principal: Principal, actor: AuditActor, domain: string, required: boolean): Promise<ConsentSetting> {
    requireEntitlement(principal, domain, 'faces', 'edit');
    return this.set(actor, domain, required);
  }

  /**
   * Sets it (the caller checked who may); audited when it changed. The setting and the forgetting are one transaction
   * under the building's lock, the lock ingest writes faces under: a batch either lands before (and what it kept of
   * someone without consent is forgotten here) or reads the new setting (and keeps nothing of them).
   */
  async set(actor: AuditActor, domain: string, required: boolean): Promise<ConsentSetting> {
    const before = await this.d.privacy.consentRequired(domain);
    await this.d.db.transaction().execute(async (trx) => {
      await this.d.dialect.lockDomain(trx, domain);
      await this.d.privacy.setConsentRequired(trx, domain, required, actor.email);
      // Also when unchanged: a repeated "on" makes sure nothing of anyone without consent is left.
      await this.d.faces.consentSettingChanged(trx, domain);
      await this.d.badges.consentSettingChanged(trx, domain);
    });
    if (before !== required)
      await this.d.audit.record(actor, { action: 'changed_privacy', domain, detail: { consent_required: required } });
    return { ok: true, domain_uuid: domain, required };
  }
}
