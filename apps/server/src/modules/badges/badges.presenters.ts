import type { StoredTag } from '@vigil/contract';
import type { BadgeIdentityRow, BadgeTagRow } from '../../db/schema.js';

/** A confirmed (or rejected) face of a tap as the API shows it: the identity by its 16-character id. */
export function storedTag(t: BadgeTagRow, identities: readonly BadgeIdentityRow[]): StoredTag {
  return {
    access_event_uuid: t.access_event_uuid,
    detection_id: t.detection_id,
    identity_id: identities.find((i) => i.uuid === t.identity_uuid)?.identity_id ?? '',
    rejected: t.rejected === 1,
    rejected_for: t.rejected_for === 'WRONG_PERSON' ? 'WRONG_PERSON' : null,
    verified_by: t.verified_by,
    verified_at: new Date(t.verified_at).toISOString(),
  };
}
