import { ALERTS_MESSAGES, canReadFaces, type ConsentSetting } from '@vigil/contract';
import { requireEntitlement, type Principal } from '../../auth/principal.js';
import { forbidden } from '../../lib/http-error.js';
import type { AuditActor, AuditService } from '../audit/audit.service.js';
import type { PrivacyService } from './privacy.service.js';

/**
 * Whether a building's recognition needs people's consent (issue 27): read by whoever may read its faces, changed with
 * faces/edit there (or by an administrator's CLI). Turned on, the face data of everyone without consent goes at once
 * (faces decides whose), and the analyzers' gallery changes so they refetch it within seconds.
 */
export class ConsentSettingService {
  constructor(
    private readonly d: {
      privacy: Pick<PrivacyService, 'consentRequired' | 'setConsentRequired'>;
      faces: { consentSettingChanged(domain: string): Promise<void> };
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

  /** Sets it (the caller checked who may); audited when it changed. */
  async set(actor: AuditActor, domain: string, required: boolean): Promise<ConsentSetting> {
    const before = await this.d.privacy.consentRequired(domain);
    await this.d.privacy.setConsentRequired(domain, required, actor.email);
    // Also when unchanged: a repeated "on" makes sure nothing of anyone without consent is left.
    await this.d.faces.consentSettingChanged(domain);
    if (before !== required)
      await this.d.audit.record(actor, { action: 'changed_privacy', domain, detail: { consent_required: required } });
    return { ok: true, domain_uuid: domain, required };
  }
}
