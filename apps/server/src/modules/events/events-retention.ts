import type { EventsRepository } from './events.repository.js';

/**
 * The events module's part of retention (modules/privacy runs the sweep): events that raised an alert follow the
 * alerts' period, the others the events' period. Events hold no open state (they are never dismissed).
 */
export class EventsRetention {
  constructor(private readonly d: { events: Pick<EventsRepository, 'deleteBefore' | 'held' | 'existing'> }) {}

  /** Which of these events exist: their pictures are not orphans. */
  existing(ids: readonly string[]): Promise<Set<string>> {
    return this.d.events.existing(ids);
  }

  /** Deletes up to `limit` of the building's events (that raised an alert, or not) started before `before`; their ids (pictures go next). */
  purge(domain: string, alerted: boolean, before: number, limit: number): Promise<string[]> {
    return this.d.events.deleteBefore(domain, alerted, before, limit);
  }

  held(domain: string, alerted: boolean): Promise<{ count: number; oldest: number | null }> {
    return this.d.events.held(domain, alerted);
  }
}
