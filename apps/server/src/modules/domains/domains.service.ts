import {
  DEFAULT_PREFERENCES,
  deriveCameraCategory,
  preferencesSchema,
  sortCameras,
  type Camera,
  type Domain,
  type Preferences,
} from '@vigil/contract';
import type { Principal } from '../../auth/principal.js';
import type { CameraRow } from '../../db/schema.js';
import type { DomainsRepository } from './domains.repository.js';

/** Stored preferences merged over the defaults; a malformed stored value falls back to its default. */
export function mergePreferences(stored: string): Preferences {
  let parsed: Record<string, unknown> = {};
  try {
    parsed = JSON.parse(stored) as Record<string, unknown>;
  } catch {
    parsed = {};
  }
  const merged = { ...DEFAULT_PREFERENCES } as Preferences;
  for (const key of Object.keys(DEFAULT_PREFERENCES) as (keyof Preferences)[]) {
    const field = preferencesSchema.shape[key].safeParse(parsed[key]);
    if (field.success) Object.assign(merged, { [key]: field.data });
  }
  return merged;
}

export function toCamera(row: CameraRow): Camera {
  return {
    uuid: row.uuid,
    description: row.description,
    category: deriveCameraCategory(row.description),
    floor: row.floor,
    label: row.label,
  };
}

export class DomainsService {
  constructor(private readonly domains: DomainsRepository) {}

  /** Every domain the principal holds an entitlement in, with its cameras sorted as the spec says. */
  async domainsFor(principal: Principal): Promise<Domain[]> {
    const rows = await this.domains.findMany(Object.keys(principal.entitlements));
    const cameras = await this.domains.camerasOf(rows.map((r) => r.uuid));
    return rows.map((row) => {
      const own = sortCameras(cameras.filter((c) => c.domain_uuid === row.uuid).map(toCamera));
      return {
        uuid: row.uuid,
        description: row.description,
        cameraUUIDs: own.map((c) => c.uuid),
        cameras: own,
        preferences: mergePreferences(row.preferences),
      };
    });
  }
}
