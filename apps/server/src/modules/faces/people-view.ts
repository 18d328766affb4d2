import type { Face } from '@vigil/contract';
import type { FaceRow } from '../../db/schema.js';
import type { Clock } from '../../lib/clock.js';
import type { FrameAvailability } from '../../media/frame-availability.js';
import type { MediaSigner } from '../../media/signing.js';
import type { CameraDirectory } from '../video/cameras.port.js';
import { isPictured, presentPerson, presentPhoto } from './faces.presenters.js';
import type { PersonRow, RegistryRepository } from './registry.repository.js';

const URL_TTL_MS = 6 * 3600_000;
const HOUR_MS = 3600_000;

/** Signed links expire 6 to 7 hours on, on the hour, so the same link is handed out for an hour (browser cache). */
export const signedExpiry = (now: number) => Math.ceil((now + URL_TTL_MS) / HOUR_MS) * HOUR_MS;

/** A person as other areas show them. */
export interface PersonCard {
  uuid: string;
  domain: string;
  name: string;
  role: string;
  /** the front registry photo's thumbnail (signed), else the side one's, else null */
  image_uri: string | null;
  /** deleted from the registry */
  removed: boolean;
}

/** What presenting people needs besides their rows: confirmed counts, camera names (recording coverage is prepared). */
export interface PresentContext {
  tagged: Map<string, number>;
  names: Map<string, string>;
}

export interface PeopleViewDeps {
  registry: Pick<RegistryRepository, 'taggedCounts' | 'photosOf'>;
  cameras: Pick<CameraDirectory, 'namesInDomain'>;
  signer: MediaSigner;
  frames: FrameAvailability;
  clock: Clock;
}

/** People as the API shows them: gathers what the presenters need and signs their links. */
export class PeopleView {
  /** Signed links for this hour's expiry, by scope: a list of 5,000 people signs each folder once an hour, not per call. */
  private signed = { expires: 0, urls: new Map<string, string>() };

  constructor(private readonly d: PeopleViewDeps) {}

  /** Confirmed counts and camera names of a building; the recordings of the people's last sightings looked up. */
  async context(
    domain: string,
    people: readonly Pick<PersonRow, 'last_seen_camera_uuid'>[],
    counted?: Map<string, number>,
  ): Promise<PresentContext> {
    const [tagged, names] = await Promise.all([counted ?? this.d.registry.taggedCounts(domain), this.d.cameras.namesInDomain(domain)]);
    await this.d.frames.prepare(people.flatMap((p) => (p.last_seen_camera_uuid ? [p.last_seen_camera_uuid] : [])));
    return { tagged, names };
  }

  /** People as the API shows them: photos and last-seen pictures as signed links. */
  async present(domain: string, people: PersonRow[], given?: PresentContext): Promise<Face[]> {
    const { tagged, names } = given ?? (await this.context(domain, people));
    const photos = await this.d.registry.photosOf(people.map((p) => p.uuid));
    const now = this.d.clock.now();
    const sign = (scope: string) => this.sign(scope, now);
    return people.map((p) =>
      presentPerson(p, {
        photos: photos.get(p.uuid) ?? [],
        tagged: tagged.get(p.uuid) ?? 0,
        names,
        pictured: isPictured(p, this.d.frames),
        sign,
      }),
    );
  }

  /**
   * How other areas show people (the training tool's candidates, confirmed faces): name, role and the front photo's
   * thumbnail (else the side one), deleted people included (the faces that name them stay).
   */
  async cards(people: readonly FaceRow[]): Promise<Map<string, PersonCard>> {
    const photos = await this.d.registry.photosOf(people.map((p) => p.uuid));
    const now = this.d.clock.now();
    const sign = (scope: string) => this.sign(scope, now);
    return new Map(
      people.map((p) => {
        const photo = photos.get(p.uuid)?.[0];
        const image = photo ? presentPhoto(p.uuid, photo, sign).thumbnail_uri : null;
        const card: PersonCard = {
          uuid: p.uuid,
          domain: p.domain_uuid,
          name: `${p.first_name} ${p.last_name}`,
          role: p.role,
          image_uri: image,
          removed: p.removed_at !== null,
        };
        return [p.uuid, card];
      }),
    );
  }

  /** A signed link valid for 6 to 7 hours; the expiry is rounded to the hour so a browser can cache what it points at. */
  sign(scope: string, now: number): string {
    const expires = signedExpiry(now);
    if (this.signed.expires !== expires) this.signed = { expires, urls: new Map() };
    let url = this.signed.urls.get(scope);
    if (url === undefined) {
      url = this.d.signer.sign(scope, expires);
      this.signed.urls.set(scope, url);
    }
    return url;
  }
}
