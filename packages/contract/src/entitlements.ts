import { z } from 'zod';
import { operationSchema, serviceSchema, type Operation, type Service } from './common.js';

/** service -> operations held, for one domain. */
export const serviceMapSchema = z.partialRecord(serviceSchema, z.array(operationSchema));
export type ServiceMap = z.infer<typeof serviceMapSchema>;

/** domain uuid -> service map (spec part 1 §3 Entitlements). */
export const entitlementsByDomainSchema = z.record(z.string(), serviceMapSchema);
export type EntitlementsByDomain = z.infer<typeof entitlementsByDomainSchema>;

export const entitlementsReplySchema = z.object({
  ok: z.literal(true),
  entitlementsByDomain: entitlementsByDomainSchema,
});
export type EntitlementsReply = z.infer<typeof entitlementsReplySchema>;

export function hasService(map: ServiceMap | undefined, service: Service): boolean {
  return map?.[service] !== undefined;
}

export function hasOperation(map: ServiceMap | undefined, service: Service, operation: Operation): boolean {
  return map?.[service]?.includes(operation) ?? false;
}

/** True when the user holds the operation under any service of the domain (spec ops are not always tied to one service). */
export function hasOperationAnywhere(map: ServiceMap | undefined, operation: Operation): boolean {
  return Object.values(map ?? {}).some((ops) => ops.includes(operation));
}

/** A right as a route names it: a service ('video': any of its operations) or one operation of it ('video/edit'). */
export type Right = Service | `${Service}/${Operation}`;

export function holdsRight(map: ServiceMap | undefined, right: Right): boolean {
  const [service, operation] = right.split('/') as [Service, Operation | undefined];
  return operation ? hasOperation(map, service, operation) : hasService(map, service);
}

/** True when the user holds the right in at least one domain: whether they may use a call at all, before any building is known. */
export function holdsRightAnywhere(entitlements: EntitlementsByDomain, right: Right): boolean {
  return Object.values(entitlements).some((map) => holdsRight(map, right));
}
