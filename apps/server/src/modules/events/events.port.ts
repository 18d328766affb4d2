import type { EventsRepository } from './events.repository.js';

/** What ingest writes of the events (events owns them), in the batch's transaction: retries found, new rows stored. */
export type EventLog = Pick<EventsRepository, 'knownSourceIds' | 'insertMany'>;
