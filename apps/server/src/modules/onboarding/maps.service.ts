import { parseGeoloc, type LatLng, type PlaceSuggestion, type Zip4Reply } from '@vigil/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Gazetteer } from '../../geo/gazetteer.js';
import type { Geocoder } from '../../geo/geocoder.js';
import type { TimezoneLookup } from '../../geo/timezones.js';
import type { PostalAddress, PostalService } from '../../geo/usps.js';

export const POSTAL_MESSAGES = {
  verified: 'The postal service knows this address.',
  unknown: 'The postal service does not know this address.',
  noZip4: 'The postal service knows this street but has no ZIP+4 for this address.',
  noAnswer: 'The postal service did not answer: the address was not verified.',
  notConfigured: 'Address not verified: no postal service is configured.',
} as const;

export interface MapsServiceDeps {
  timezones: TimezoneLookup;
  /** the configured geocoder (VIGIL_GEOCODER), if any */
  geocoder: Geocoder | undefined;
  /** the offline gazetteer, built on first use */
  gazetteer: () => Gazetteer;
  /** the configured postal service (VIGIL_USPS_CLIENT_ID/SECRET), if any */
  postal: PostalService | undefined;
  log: FastifyBaseLogger;
}

/** Time zones, address suggestions and postal checks for building onboarding. */
export class MapsService {
  constructor(private readonly deps: MapsServiceDeps) {}

  /** The zone of the point, or null at sea: the page then shows 'Error. Response did not include a valid timezone.' */
  timezone(location: string): { ok: true; timeZoneId: string | null } {
    const point = parseGeoloc(location) as LatLng;
    return { ok: true, timeZoneId: this.deps.timezones.at(point.lat, point.lng) };
  }

  /** The configured geocoder's suggestions; when it fails, the offline gazetteer's (and a warning in the log). */
  async places(input: string, near: string | undefined): Promise<{ ok: true; source: string; suggestions: PlaceSuggestion[] }> {
    const point = near ? (parseGeoloc(near) ?? undefined) : undefined;
    const { geocoder } = this.deps;
    if (geocoder) {
      try {
        return { ok: true, source: geocoder.name, suggestions: await geocoder.suggest(input, point) };
      } catch (error) {
        // The clients' messages name the service and what went wrong, never a key or a URL.
        this.deps.log.warn(
          { geocoder: geocoder.name, reason: (error as Error).message },
          'geocoder failed: answered from the offline gazetteer',
        );
      }
    }
    return { ok: true, source: 'offline', suggestions: this.deps.gazetteer().search(input, point) };
  }

  /** §5: with a postal service, an address it does not know (no zip4) is flagged incorrect; without one, not verified. */
  async zip4(address: PostalAddress): Promise<Zip4Reply> {
    const { postal } = this.deps;
    if (!postal) return { ok: true, verified: false, zip4: null, zip: null, message: POSTAL_MESSAGES.notConfigured };
    try {
      const answer = await postal.lookup(address);
      if (!answer.known) return { ok: true, verified: true, zip4: null, zip: null, message: POSTAL_MESSAGES.unknown };
      return {
        ok: true,
        verified: true,
        zip4: answer.zip4,
        zip: answer.zip,
        message: answer.zip4 ? POSTAL_MESSAGES.verified : POSTAL_MESSAGES.noZip4,
      };
    } catch (error) {
      this.deps.log.warn({ reason: (error as Error).message }, 'postal service failed: address not verified');
      return { ok: true, verified: false, zip4: null, zip: null, message: POSTAL_MESSAGES.noAnswer };
    }
  }
}
