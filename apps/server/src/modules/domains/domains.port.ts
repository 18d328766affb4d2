import type { Preferences } from '@vigil/contract';
import type { DomainsRepository } from './domains.repository.js';
import { mergePreferences } from './domains.service.js';

/** What other modules read of the buildings (domains owns them): one by its uuid, and every building's uuid. */
export type DomainDirectory = Pick<DomainsRepository, 'findOne' | 'allUuids'>;

/** A building's preferences, its stored ones merged over the defaults (the defaults for an unknown building). */
export async function preferencesOf(directory: Pick<DomainDirectory, 'findOne'>, domain: string): Promise<Preferences> {
  return mergePreferences((await directory.findOne(domain))?.preferences ?? '{}');
}
