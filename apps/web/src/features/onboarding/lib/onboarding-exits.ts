import { hasOperation, hasService, type EntitlementsByDomain } from '@vigil/contract';

/**
 * Whether the onboarding page offers the "Exit" switch: staff get their staff roles in the new building, so marking an
 * exit there needs alerting/edit where they are staff already (the server checks the roles themselves, and refuses
 * otherwise).
 */
export function mayMarkExitsWhenOnboarding(entitlements: EntitlementsByDomain | undefined): boolean {
  return Object.values(entitlements ?? {}).some((services) => hasService(services, 'staff') && hasOperation(services, 'alerting', 'edit'));
}
