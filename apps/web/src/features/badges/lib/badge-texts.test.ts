import { describe, expect, it } from 'vitest';
import { accessEventFixture, detectionFixture, identityFixture, testIdentityId, testUuid } from './badge.fixture';
import {
  credentialTabs,
  extraDetections,
  mismatchCountText,
  recentVerificationText,
  tapFlagTags,
  tenantsOf,
  verifiedMatchesText,
} from './badge-texts';
import { detectionDisplay } from './detection-display';

describe('badge texts', () => {
  it('says how many verified matches, or no', () => {
    expect(verifiedMatchesText(3)).toBe('This keycard has 3 verified matches.');
    expect(verifiedMatchesText(0)).toBe('This keycard has no verified matches.');
  });

  it('words the staff warning and the mismatch count', () => {
    expect(recentVerificationText({ by: 'nurse@maple.example', secondsAgo: 12 })).toBe(
      'nurse@maple.example verified events for this identity 12 seconds ago.',
    );
    expect(mismatchCountText(4)).toBe('4 taps in the last 7 days did not match their badge');
    expect(mismatchCountText(1)).toBe('1 tap in the last 7 days did not match their badge');
  });

  it("names 'Badge n' tabs only for several credentials", () => {
    expect(credentialTabs(identityFixture('1'))).toEqual([]);
    const two = identityFixture('1', {
      credentials: [
        { credential_uuid: testUuid('cd000000', '1'), label: 'a' },
        { credential_uuid: testUuid('cd000000', '2'), label: 'b' },
      ],
    });
    expect(credentialTabs(two).map((t) => t.label)).toEqual(['Badge 1', 'Badge 2']);
  });

  it('lists the holder first, then the co-tenants', () => {
    const holder = identityFixture('1', { cotenants: [{ identityId: testIdentityId('2'), name: 'JOHN HILL', role: 'cotenant' }] });
    expect(tenantsOf(holder).map((t) => t.name)).toEqual(['MARY HILL', 'JOHN HILL']);
  });

  it('tags shared badges and tailgating', () => {
    const event = accessEventFixture('1', { flags: ['shared', 'tailgate'], sharedWith: 'Ada King', passages: 3 });
    expect(tapFlagTags(event)).toEqual([
      { label: 'Shared badge', detail: 'with Ada King' },
      { label: 'Tailgating', detail: '3 people through the door' },
    ]);
  });

  it('keeps only the faces More Detections found that are not shown yet', () => {
    const [a, b, c] = ['1', '2', '3'].map((id) => detectionFixture(id));
    expect(extraDetections([a!, b!], [b!, c!])).toEqual([c]);
  });
});

describe('how a face is shown', () => {
  it('in its class colour with the label and confidence against the holder', () => {
    expect(detectionDisplay(detectionFixture('1'))).toEqual({ colour: 'green', label: 'High', confidence: '98.5%', cotenant: null });
    expect(detectionDisplay(detectionFixture('1', { matchConfidenceLabel: 'Low' })).colour).toBe('yellow');
    expect(detectionDisplay(detectionFixture('1', { matchConfidenceLabel: null, matchConfidences: null }))).toEqual({
      colour: 'gray',
      label: null,
      confidence: null,
      cotenant: null,
    });
    expect(detectionDisplay(detectionFixture('1', { matchConfidenceLabel: null, verified: true })).colour).toBe('green');
  });

  it("as a co-tenant's, against the co-tenant it is more like", () => {
    const cotenant = testIdentityId('2');
    const shown = detectionDisplay(
      detectionFixture('1', {
        isCotenant: true,
        cotenantMatchConfidences: [{ identity_id: cotenant, name: 'John Hill', nn_prob: 0.93, euc: 0.5, cos: 0.8, svn_margin: 0.2 }],
        cotenantMatchConfidenceLabel: { label: 'Medium', identity_id: cotenant },
      }),
    );
    expect(shown).toEqual({ colour: 'cotenant', label: 'Medium', confidence: '93%', cotenant: 'John Hill' });
  });
});
