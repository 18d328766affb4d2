import { canReadFaces, hasOperation, visibleToCaller, type FaceRole } from '@vigil/contract';
import type { Principal } from '../../auth/principal.js';
import type { FaceRow } from '../../db/schema.js';
import { forbidden, notFound } from '../../lib/http-error.js';

/**
 * A person whose data the caller may erase (faces/delete) or export (faces/find_all) in the person's building.
 * Someone they cannot see (another building's person, an employee hidden from them, an unknown id) is a 404, exactly
 * like an unknown id; seen but without the operation, a 403. People already deleted from the registry count: their
 * data is still held until it is erased.
 */
export function personFor(principal: Principal, person: FaceRow | undefined, operation: 'delete' | 'find_all'): FaceRow {
  const services = person ? principal.entitlements[person.domain_uuid] : undefined;
  if (!person || !canReadFaces(services) || !visibleToCaller(person.role as FaceRole, hasOperation(services, 'faces', 'find_all')))
    throw notFound('No such person.');
  if (!hasOperation(services, 'faces', operation)) throw forbidden(`You do not have faces/${operation} access in this domain.`);
  return person;
}
