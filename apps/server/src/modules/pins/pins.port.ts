import type { PinsRepository } from './pins.repository.js';

/** What alerts use of the PINs (pins owns them) to dismiss with one: whose PIN it is, and the tries, counted and logged. */
export type PinChecks = Pick<PinsRepository, 'ownerOf' | 'countAttempts' | 'recordAttempt'>;
