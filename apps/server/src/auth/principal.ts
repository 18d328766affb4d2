import { hasOperation, hasService, type EntitlementsByDomain, type Operation, type Service } from '@vigil/contract';
import type { UserRow } from '../db/schema.js';
import { forbidden } from '../lib/http-error.js';

/** The signed-in user behind a request, with what they may do in each domain. */
export interface Principal {
  user: UserRow;
  token: string;
  staff: boolean;
  entitlements: EntitlementsByDomain;
  /** the address the request came from (the proxy's client address when trusted): the audit trail's "from where" */
  address?: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    principal: Principal | undefined;
  }
}

/** Staff status: an e-mail on the internal domain (the token is the other half). */
export function isStaffEmail(email: string, internalDomain: string): boolean {
  return email.toLowerCase().endsWith(`@${internalDomain}`);
}

/** Only staff e-mails may ever hold the staff service, whatever roles say. */
export function withoutStaffServiceUnlessStaff(entitlements: EntitlementsByDomain, staff: boolean): EntitlementsByDomain {
  if (staff) return entitlements;
  return Object.fromEntries(
    Object.entries(entitlements).map(([domain, services]) => {
      const { staff: _dropped, ...rest } = services;
      return [domain, rest];
    }),
  );
}

/** A signed-in user as every route sees them: staff by e-mail, entitlements without staff unless staff. */
export function principalFor(user: UserRow, token: string, entitlements: EntitlementsByDomain, internalDomain: string): Principal {
  const staff = isStaffEmail(user.email, internalDomain);
  return { user, token, staff, entitlements: withoutStaffServiceUnlessStaff(entitlements, staff) };
}

/** Throws 403 unless the principal holds the service (and operation) in the domain. Unknown domains get the same answer. */
export function requireEntitlement(principal: Principal, domainUuid: string, service: Service, operation?: Operation): void {
  const services = principal.entitlements[domainUuid];
  const allowed = operation ? hasOperation(services, service, operation) : hasService(services, service);
  if (!allowed) {
    const what = operation ? `${service}/${operation}` : service;
    throw forbidden(`You do not have ${what} access in this domain.`);
  }
}

export function requireStaff(principal: Principal): void {
  if (!principal.staff) throw forbidden('This is for internal staff only.');
}
