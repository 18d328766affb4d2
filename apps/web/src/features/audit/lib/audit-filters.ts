import type { AuditAction } from '@vigil/contract';
import { fromDateTimeInput } from '../../../lib/date-inputs';

/** What the filter form holds; the building is not here: it is always the current one. */
export interface AuditFilters {
  /** the e-mail of the person acting, as typed */
  actor: string;
  action: AuditAction | null;
  cameraId: string | null;
  /** 'YYYY-MM-DDTHH:mm' in the browser's time, or '' for no bound */
  from: string;
  to: string;
}

export const NO_AUDIT_FILTERS: AuditFilters = { actor: '', action: null, cameraId: null, from: '', to: '' };

/** The query of GET /api/v1/audit and /api/v1/audit.csv, without the page (`before`, `limit`). */
export type AuditSearch = {
  domain_uuid: string;
  actor?: string;
  action?: AuditAction;
  camera_uuid?: string;
  from?: string;
  to?: string;
};

export type AuditSearchResult = { ok: true; search: AuditSearch } | { ok: false; field: 'actor' | 'from' | 'to'; message: string };

export const AUDIT_FILTER_TEXTS = {
  actorTooLong: 'An e-mail has at most 320 characters.',
  incompleteFrom: 'Enter a complete date and time, or leave it empty.',
  incompleteTo: 'Enter a complete date and time, or leave it empty.',
  toBeforeFrom: 'The end must be after the start.',
} as const;

function instant(value: string): Date | null | 'invalid' {
  if (value.trim() === '') return null;
  return fromDateTimeInput(value) ?? 'invalid';
}

/** The filters as the API's query for a building, or what is wrong with them (which field, in words). */
export function auditSearchFrom(domainId: string, filters: AuditFilters): AuditSearchResult {
  const actor = filters.actor.trim();
  if (actor.length > 320) return { ok: false, field: 'actor', message: AUDIT_FILTER_TEXTS.actorTooLong };
  const from = instant(filters.from);
  if (from === 'invalid') return { ok: false, field: 'from', message: AUDIT_FILTER_TEXTS.incompleteFrom };
  const to = instant(filters.to);
  if (to === 'invalid') return { ok: false, field: 'to', message: AUDIT_FILTER_TEXTS.incompleteTo };
  if (from && to && to.getTime() <= from.getTime()) return { ok: false, field: 'to', message: AUDIT_FILTER_TEXTS.toBeforeFrom };
  return {
    ok: true,
    search: {
      domain_uuid: domainId,
      ...(actor !== '' && { actor }),
      ...(filters.action && { action: filters.action }),
      ...(filters.cameraId && { camera_uuid: filters.cameraId }),
      ...(from && { from: from.toISOString() }),
      ...(to && { to: to.toISOString() }),
    },
  };
}

/** Whether a search narrows the building's entries at all (the empty state says "no match" rather than "nothing yet"). */
export function isFiltered(search: AuditSearch): boolean {
  return Object.keys(search).some((key) => key !== 'domain_uuid');
}
