import type { ConfirmedTagInput, StoredTag } from '@vigil/contract';

/** The tagging modal's answers: per tenant (identity id), the detection ids assigned to them. */
export type TenantSelections = Readonly<Record<string, readonly string[]>>;

/** What each tenant starts with: the detections confirmed to them and not rejected (part 2 §4). */
export function initialSelections(tenantIds: readonly string[], confirmed: readonly StoredTag[]): TenantSelections {
  const selections: Record<string, string[]> = {};
  for (const tenant of tenantIds) {
    selections[tenant] = confirmed.filter((t) => t.identity_id === tenant && !t.rejected).map((t) => t.detection_id);
  }
  return selections;
}

/**
 * A click on a detection: assigned to the active tenant it is unassigned; otherwise it becomes theirs, and leaves any
 * other tenant (one face is one person).
 */
export function toggleDetection(selections: TenantSelections, tenantId: string, detectionId: string): TenantSelections {
  const mine = selections[tenantId] ?? [];
  if (mine.includes(detectionId)) return { ...selections, [tenantId]: mine.filter((id) => id !== detectionId) };
  const next: Record<string, readonly string[]> = {};
  for (const [tenant, ids] of Object.entries(selections)) next[tenant] = ids.filter((id) => id !== detectionId);
  next[tenantId] = [...mine, detectionId];
  return next;
}

/** The tenant owning a detection in these selections, if any. */
export function ownerOf(selections: TenantSelections, detectionId: string): string | null {
  for (const [tenant, ids] of Object.entries(selections)) if (ids.includes(detectionId)) return tenant;
  return null;
}

const sameIds = (a: readonly string[], b: readonly string[]): boolean => a.length === b.length && a.every((id) => b.includes(id));

/**
 * One tenant's part of a save (part 2 §4): every selected detection confirmed to them, and every earlier non-rejected
 * confirmation for them that is no longer selected rejected as WRONG_PERSON.
 */
export function tenantTags(
  accessEventUuid: string,
  tenantId: string,
  selected: readonly string[],
  confirmed: readonly StoredTag[],
): ConfirmedTagInput[] {
  const tags: ConfirmedTagInput[] = selected.map((detectionId) => ({
    access_event_uuid: accessEventUuid,
    detection_id: detectionId,
    identity_id: tenantId,
    rejected: false,
  }));
  for (const earlier of confirmed) {
    if (earlier.identity_id !== tenantId || earlier.rejected || selected.includes(earlier.detection_id)) continue;
    tags.push({
      access_event_uuid: accessEventUuid,
      detection_id: earlier.detection_id,
      identity_id: tenantId,
      rejected: true,
      rejected_for: 'WRONG_PERSON',
    });
  }
  return tags;
}

/**
 * What Save sends: the active tenant's part, and the part of every other tenant whose selection changed (moving a face
 * to the active tenant takes it from another, which rejects it for them). Tenants in the order given.
 */
export function tagsToSave(
  accessEventUuid: string,
  tenantIds: readonly string[],
  activeTenant: string,
  selections: TenantSelections,
  confirmed: readonly StoredTag[],
): ConfirmedTagInput[] {
  const initial = initialSelections(tenantIds, confirmed);
  return tenantIds
    .filter((tenant) => tenant === activeTenant || !sameIds(selections[tenant] ?? [], initial[tenant] ?? []))
    .flatMap((tenant) => tenantTags(accessEventUuid, tenant, selections[tenant] ?? [], confirmed));
}
