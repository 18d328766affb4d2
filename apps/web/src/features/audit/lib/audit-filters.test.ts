import { describe, expect, it } from 'vitest';
import { AUDIT_FILTER_TEXTS, NO_AUDIT_FILTERS, auditSearchFrom, isFiltered } from './audit-filters';

const DOMAIN = '5f0c8a2e-6b1d-4c3e-9a47-0d2b7e1f3a01';
const CAMERA = '0b7c4a8e-1f2d-4e3a-8b5c-6d7e8f9a0b1c';

describe('auditSearchFrom', () => {
  it('without filters asks for the whole building', () => {
    expect(auditSearchFrom(DOMAIN, NO_AUDIT_FILTERS)).toEqual({ ok: true, search: { domain_uuid: DOMAIN } });
  });

  it('sends each filter set, the person trimmed and the times as UTC instants of the local ones', () => {
    const result = auditSearchFrom(DOMAIN, {
      actor: '  manager@maple.example ',
      action: 'signed_in',
      cameraId: CAMERA,
      from: '2026-03-04T08:00',
      to: '2026-03-04T17:30',
    });
    expect(result).toEqual({
      ok: true,
      search: {
        domain_uuid: DOMAIN,
        actor: 'manager@maple.example',
        action: 'signed_in',
        camera_uuid: CAMERA,
        from: new Date(2026, 2, 4, 8, 0).toISOString(),
        to: new Date(2026, 2, 4, 17, 30).toISOString(),
      },
    });
  });

  it('leaves out a bound or a person left empty', () => {
    const result = auditSearchFrom(DOMAIN, { ...NO_AUDIT_FILTERS, actor: '   ', to: '2026-03-04T17:30' });
    expect(result).toEqual({ ok: true, search: { domain_uuid: DOMAIN, to: new Date(2026, 2, 4, 17, 30).toISOString() } });
  });

  it('names the field that is wrong: an incomplete time, an end not after the start, a too-long e-mail', () => {
    expect(auditSearchFrom(DOMAIN, { ...NO_AUDIT_FILTERS, from: '2026-03-04T' })).toEqual({
      ok: false,
      field: 'from',
      message: AUDIT_FILTER_TEXTS.incompleteFrom,
    });
    expect(auditSearchFrom(DOMAIN, { ...NO_AUDIT_FILTERS, from: '2026-03-04T09:00', to: '2026-03-04T09:00' })).toEqual({
      ok: false,
      field: 'to',
      message: AUDIT_FILTER_TEXTS.toBeforeFrom,
    });
    expect(auditSearchFrom(DOMAIN, { ...NO_AUDIT_FILTERS, actor: `${'a'.repeat(320)}@x` })).toMatchObject({ ok: false, field: 'actor' });
  });
});

describe('isFiltered', () => {
  it('is false for the building alone, true with any filter', () => {
    expect(isFiltered({ domain_uuid: DOMAIN })).toBe(false);
    expect(isFiltered({ domain_uuid: DOMAIN, action: 'signed_in' })).toBe(true);
  });
});
