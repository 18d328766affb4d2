import {
  KEY_PURPOSES,
  KEY_PURPOSE_NEEDS,
  KEY_PURPOSE_SCOPE,
  hasOperation,
  type Detector,
  type KeyPurpose,
  type ServiceMap,
} from '@vigil/contract';

const timeFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** A key's moment in the browser's locale and time zone, e.g. 'Mar 4, 2026, 9:00 AM'. */
export const formatKeyTime = (iso: string): string => timeFormat.format(Date.parse(iso));

/** Who made the key: an account's e-mail, or the server itself (the CLI, the demo, the local analyzer). */
export const keyMakerText = (key: Pick<Detector, 'created_by'>): string => key.created_by ?? 'On the server';

export const lastUsedText = (key: Pick<Detector, 'last_used_at'>): string => (key.last_used_at ? formatKeyTime(key.last_used_at) : 'Never');

export const INFERRED_PURPOSES_NOTE = 'Purpose set on upgrade from its use so far';

/** What a purpose lets a key do, as a sentence. */
export function purposeScopeText(purpose: KeyPurpose): string {
  const scope = KEY_PURPOSE_SCOPE[purpose];
  return `${scope.charAt(0).toUpperCase()}${scope.slice(1)}.`;
}

/** The operations, beside alerting/edit, a person lacks here to give a key this purpose (empty: they may). */
export function missingForPurpose(services: ServiceMap | undefined, purpose: KeyPurpose): string[] {
  return KEY_PURPOSE_NEEDS[purpose]
    .filter(({ service, operation }) => !hasOperation(services, service, operation))
    .map(({ service, operation }) => `${service}/${operation}`);
}

/** Each purpose with what is missing to grant it, in the contract's order. */
export const grantablePurposes = (services: ServiceMap | undefined): { purpose: KeyPurpose; missing: string[] }[] =>
  KEY_PURPOSES.map((purpose) => ({ purpose, missing: missingForPurpose(services, purpose) }));

/** Keys in use first, then revoked ones; newest first within each. */
export function sortKeys(keys: readonly Detector[]): Detector[] {
  return [...keys].sort((a, b) => {
    if ((a.revoked_at === null) !== (b.revoked_at === null)) return a.revoked_at === null ? -1 : 1;
    return Date.parse(b.created_at) - Date.parse(a.created_at);
  });
}
