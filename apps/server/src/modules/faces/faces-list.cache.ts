import type { Clock } from '../../lib/clock.js';
import type { FrameAvailability } from '../../media/frame-availability.js';
import { isPictured } from './faces.presenters.js';
import { signedExpiry, type PeopleView } from './people-view.js';
import type { PersonHead, RegistryRepository } from './registry.repository.js';
import type { RegistryWriter } from './registry-writer.js';

const LIST_CACHE_MS = 10_000;
const LIST_OPEN = Buffer.from('{"ok":true,"faces":[');
const COMMA = Buffer.from(',');
const LIST_CLOSE = Buffer.from(']}');

export interface FacesListDeps {
  registry: Pick<RegistryRepository, 'listVersion' | 'heads' | 'taggedCounts' | 'people' | 'peopleByIds'>;
  writer: Pick<RegistryWriter, 'generation' | 'writeOf'>;
  view: Pick<PeopleView, 'context' | 'present'>;
  frames: FrameAvailability;
  clock: Clock;
}

/**
 * The faces list of a building, as JSON bytes. Every open faces page asks for it every 30 s and it is the same until
 * something changes: it is kept per building, view (with or without employees) and version (see listVersion), for at
 * most LIST_CACHE_MS, so that pictures that became available appear and links are renewed. Permission checks are the
 * caller's.
 */
export class FacesListCache {
  private readonly lists = new Map<string, { version: string; at: number; json: Buffer }>();
  private readonly tagged = new Map<string, { key: string; at: number; counts: Map<string, number> }>();
  /** Each person's entry of the list as JSON, with the inputs it was made from (see json). */
  private readonly entries = new Map<string, { domain: string; key: string; json: Buffer; resident: boolean }>();

  constructor(private readonly d: FacesListDeps) {}

  /** `findAll`: the caller sees everyone (faces/find_all), not only residents. */
  async json(domain: string, findAll: boolean): Promise<Buffer> {
    const current = await this.d.registry.listVersion(domain);
    const version = `${this.d.writer.generation}:${current.key}`;
    const key = `${domain}:${findAll}`;
    const now = this.d.clock.now();
    const cached = this.lists.get(key);
    if (cached && cached.version === version && now - cached.at < LIST_CACHE_MS) return cached.json;

    // Something changed, usually one person (seen by a camera): only entries whose inputs changed are made again.
    const heads = await this.d.registry.heads(domain, !findAll);
    // Confirmed matches per person change only with reviews: counted again when their total or the generation moved.
    const counted = this.tagged.get(domain);
    const taggedKey = `${this.d.writer.generation}:${current.tagged}`;
    const reuse = counted !== undefined && counted.key === taggedKey && now - counted.at < LIST_CACHE_MS;
    const tagged = reuse ? counted.counts : await this.d.registry.taggedCounts(domain);
    if (!reuse) this.tagged.set(domain, { key: taggedKey, at: now, counts: tagged });
    const context = await this.d.view.context(domain, heads, tagged);
    const expires = signedExpiry(now);
    const entryKey = (h: PersonHead) => {
      const camera = h.last_seen_camera_uuid === null ? '' : (context.names.get(h.last_seen_camera_uuid) ?? '');
      const pictured = isPictured(h, this.d.frames);
      return `${h.updated_at}|${this.d.writer.writeOf(h.uuid)}|${h.last_seen_detection_id}|${camera}|${context.tagged.get(h.uuid) ?? 0}|${pictured}|${expires}`;
    };
    const keys = new Map(heads.map((h) => [h.uuid, entryKey(h)]));
    const stale = heads.filter((h) => this.entries.get(h.uuid)?.key !== keys.get(h.uuid)).map((h) => h.uuid);
    if (stale.length > 0) {
      const rows =
        stale.length > heads.length / 2 ? await this.d.registry.people(domain, !findAll) : await this.d.registry.peopleByIds(stale);
      const faces = await this.d.view.present(domain, rows, context);
      rows.forEach((row, i) =>
        this.entries.set(row.uuid, {
          domain,
          key: keys.get(row.uuid)!,
          json: Buffer.from(JSON.stringify(faces[i])),
          resident: row.role === 'resident',
        }),
      );
    }
    // Someone no longer listed (deleted or erased) is forgotten: by any list for a resident, by the full one for others.
    for (const [uuid, entry] of this.entries)
      if (entry.domain === domain && !keys.has(uuid) && (findAll || entry.resident)) this.entries.delete(uuid);
    // Bytes, joined without making a 3 MB string first; every request that gets the kept list sends them as they are.
    const parts: Buffer[] = [LIST_OPEN];
    heads.forEach((h, i) => {
      if (i > 0) parts.push(COMMA);
      parts.push(this.entries.get(h.uuid)!.json);
    });
    parts.push(LIST_CLOSE);
    const json = Buffer.concat(parts);
    this.lists.set(key, { version, at: now, json });
    return json;
  }
}
