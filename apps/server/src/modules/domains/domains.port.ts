import type { DomainsRepository } from './domains.repository.js';

/** What other modules read of the buildings (domains owns them): one by its uuid, and every building's uuid. */
export type DomainDirectory = Pick<DomainsRepository, 'findOne' | 'allUuids'>;
