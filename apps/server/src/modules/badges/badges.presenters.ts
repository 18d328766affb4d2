import type { StoredTag } from '@vigil/contract';
import type { BadgeIdentityRow, BadgeTagRow } from '../../db/schema.js';

/** The identities' 16-character ids by their row uuid (what storedTag names an identity by). */
export const identityIds = (identities: readonly BadgeIdentityRow[]): ReadonlyMap<string, string> =>
  new Map(identities.map((i) => [i.uuid, i.identity_id]));

/** A confirmed (or rejected) face of a tap as the API shows it: the identity by its 16-character id ('' if not given). */
export function storedTag(t: BadgeTagRow, ids: ReadonlyMap<string, string>): StoredTag {
  return {
    access_event_uuid: t.access_event_uuid,
    detection_id: t.detection_id,
    identity_id: ids.get(t.identity_uuid) ?? '',
    rejected: t.rejected === 1,
    rejected_for: t.rejected_for === 'WRONG_PERSON' ? 'WRONG_PERSON' : null,
    verified_by: t.verified_by,
    verified_at: new Date(t.verified_at).toISOString(),
  };
}
