import { describe, expect, it } from 'vitest';
import { alertsView } from './alerts-view';

const objects = { preferences: { alerts_source: 'objects', credentials_hide_no_image: false } } as const;
const elopement = { preferences: { alerts_source: 'faces_elopement_alerts', credentials_hide_no_image: false } } as const;

describe('alertsView', () => {
  it("follows the domain's alerts_source, objects by default", () => {
    expect(alertsView(objects, { alerting: ['view_historic'], video: ['view_historic'] })).toEqual({ kind: 'objects', canViewClip: true });
    expect(alertsView(undefined, { alerting: ['view_historic'] })).toEqual({ kind: 'objects', canViewClip: false });
    expect(alertsView(elopement, { alerting: ['receive_er_alerts'] })).toEqual({ kind: 'elopement' });
  });

  it("offers 'View Clip' only with video/view_historic (part 2 §6), not with the video service alone", () => {
    expect(alertsView(objects, { alerting: ['view_historic'], video: ['view_live'] })).toEqual({ kind: 'objects', canViewClip: false });
    expect(alertsView(objects, { alerting: ['view_historic'], video: ['view_historic'] })).toEqual({ kind: 'objects', canViewClip: true });
  });

  it('needs alerting/view_historic for the objects feed', () => {
    expect(alertsView(objects, { alerting: ['receive_er_alerts'], video: ['view_historic'] })).toEqual({
      kind: 'no-access',
      message: "Entitlements Error: Can't access alerts.",
    });
  });

  it('needs alerting/receive_er_alerts for elopement alerts', () => {
    expect(alertsView(elopement, { alerting: ['view_historic'], faces: ['find_all'] })).toEqual({
      kind: 'no-access',
      message: 'Entitlements error: Cannot access Faces service.',
    });
  });
});
