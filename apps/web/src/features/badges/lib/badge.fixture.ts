import type { AccessEvent, BadgeDetection, BadgeIdentity, StoredTag } from '@vigil/contract';

/** A uuid for tests whose end is `id`. */
export const testUuid = (prefix: string, id: string): string => `${prefix}-0000-4000-8000-${id.padStart(12, '0')}`;

/** A 16-character credential identity id ending in `id`. */
export const testIdentityId = (id: string): string => `ID${id.padStart(14, '0')}`;

export const DOMAIN = '5f0c8a2e-6b1d-4c3e-9a47-0d2b7e1f3a01';
export const CAMERA = 'c1a00001-0000-4000-8000-00000000a001';

/** A well-trained tenant of record of unit 12B with one credential; `id` fills the end of their ids. */
export function identityFixture(id: string, overrides: Partial<BadgeIdentity> = {}): BadgeIdentity {
  return {
    identityId: testIdentityId(id),
    name: 'MARY HILL',
    person_name: null,
    frontend_face_uuid: null,
    unit: '12B',
    role: 'tor',
    matchRatio: 0.75,
    total: 10,
    nullMatched: 2,
    matched: 6,
    wellTrained: true,
    lastVerifiedTimestamp: null,
    lastSeenUnixTimestamp: 1_700_000_000,
    credentials: [{ credential_uuid: testUuid('cd000000', id), label: '••1234' }],
    f1_score: 0.9,
    images_tagged: 25,
    images: [],
    cotenants: [],
    ...overrides,
  };
}

/** A face at a tap, High against the holder; `id` fills the end of its uuid. */
export function detectionFixture(id: string, overrides: Partial<BadgeDetection> = {}): BadgeDetection {
  return {
    detectionId: testUuid('de000000', id),
    capturedAt: '2026-11-20T11:59:58.000Z',
    isCotenant: false,
    matchConfidences: { nn_prob: 0.985, euc: 0.4, cos: 0.9, svn_margin: 0.3 },
    cotenantMatchConfidences: [],
    matchConfidenceLabel: 'High',
    cotenantMatchConfidenceLabel: { label: null, identity_id: null },
    faceDetectorConfidence: 0.99,
    score: 0.985,
    verified: false,
    confirmed: null,
    namedPerson: null,
    passage: 1,
    imageUrl: `/media/poster/${id}.jpg?sig=x`,
    ...overrides,
  };
}

/** A tag as the server stores it. */
export function storedTagFixture(event: string, detection: string, identityId: string, rejected = false): StoredTag {
  return {
    access_event_uuid: event,
    detection_id: detection,
    identity_id: identityId,
    rejected,
    rejected_for: rejected ? 'WRONG_PERSON' : null,
    verified_by: 'nurse@maple.example',
    verified_at: '2026-11-20T11:00:00.000Z',
  };
}

/** A granted tap at the front door with the given faces; `id` fills the end of its uuid. */
export function accessEventFixture(id: string, overrides: Partial<AccessEvent> = {}): AccessEvent {
  return {
    uuid: testUuid('ae000000', id),
    eventTimestamp: '2026-11-20T12:00:00.000Z',
    accessPointDescription: 'Front Door',
    cameraUUID: CAMERA,
    credential_uuid: null,
    granted: true,
    detections: [],
    moreDetections: false,
    confirmedDetections: [],
    lastVerifiedTenantDescription: null,
    lastVerifiedTimestamp: null,
    lastVerifiedBy: null,
    bestMatchConfidenceLabel: null,
    passages: 1,
    flags: [],
    sharedWith: null,
    matched: false,
    ...overrides,
  };
}

/** A unit's two holders (Mary, its tenant of record, and John, untrained) for the list's tests. */
export const MARY = identityFixture('1', {
  name: 'MARY HILL',
  unit: '12B',
  role: 'tor',
  matchRatio: 0.75,
  total: 10,
  lastSeenUnixTimestamp: 300,
});
export const JOHN = identityFixture('2', {
  name: 'JOHN HILL',
  unit: '12B',
  role: 'cotenant',
  matchRatio: 0.2,
  total: 30,
  wellTrained: false,
  lastSeenUnixTimestamp: 500,
});
/** Staff of another unit, last seen `lastSeen` (epoch seconds, or never). */
export const adaFixture = (lastSeen: number | null): BadgeIdentity =>
  identityFixture('3', { name: 'ADA KING', unit: '3A', role: 'staff', matchRatio: 0.5, total: 4, lastSeenUnixTimestamp: lastSeen });
