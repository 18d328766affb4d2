import { ERASED_PERSON, alertState, type AlertStepView, type ElopementAlert, type EscalationSettings } from '@vigil/contract';
import type { ElopementAlertStepView, ElopementAlertView } from './elopement.repository.js';

/** A step's stored detail (JSON): the tier's name when it was told. */
export const tierNameOf = (detail: string | null): string | null => {
  if (!detail) return null;
  try {
    const parsed = JSON.parse(detail) as { tier_name?: unknown };
    return typeof parsed.tier_name === 'string' ? parsed.tier_name : null;
  } catch {
    return null;
  }
};

/** A step as the alert card shows it: the tier's name when it was told (else as the building names it now), who, which device. */
export function presentStep(s: ElopementAlertStepView, settings: EscalationSettings | undefined): AlertStepView {
  const tierName = s.tier === null ? null : (tierNameOf(s.detail) ?? settings?.tiers[s.tier]?.name ?? null);
  return {
    step: s.step as AlertStepView['step'],
    at: new Date(s.at).toISOString(),
    tier: s.tier,
    tier_name: tierName,
    by: s.user_id && s.user_name !== null ? { uuid: s.user_id, name: s.user_name, email: s.user_email ?? '' } : null,
    device: s.device_label,
  };
}

/**
 * An elopement alert as the API replies it, with its steps; `picture` gives a signed link to the face crop ('poster')
 * or the whole frame ('face') when there is one to show. An erased person's alert names nobody and shows no face (not
 * even one cut from the recording).
 */
export function presentAlert(
  row: ElopementAlertView,
  steps: AlertStepView[],
  picture: (kind: 'poster' | 'face') => string | null,
): ElopementAlert {
  const face = row.runtime_face_uuid;
  const named = row.frontend_face_uuid !== null && row.first_name !== null;
  return {
    alert_id: row.alert_id,
    event_ts: Math.floor(row.event_ts / 1000),
    category: 'elopement_alert',
    runtime_face_uuid: face ?? ERASED_PERSON.uuid,
    frontend_face_uuid: row.frontend_face_uuid ?? ERASED_PERSON.uuid,
    person_name: named ? `${row.first_name} ${row.last_name}` : ERASED_PERSON.name,
    gender: named ? (row.gender as ElopementAlert['gender']) : null,
    description: row.description,
    camera_uuid: row.camera_uuid,
    cameraDescription: row.camera_description ?? 'Removed camera',
    posterFrame: face === null ? null : picture(row.box ? 'poster' : 'face'),
    fullFrame: face === null ? null : picture('face'),
    dismissed_at: row.dismissed_at === null ? null : new Date(row.dismissed_at).toISOString(),
    dismissed_by_end_user_info:
      row.dismissed_by && row.dismisser_name !== null
        ? { uuid: row.dismissed_by, name: row.dismisser_name, email: row.dismisser_email ?? '' }
        : null,
    face_match: row.match_confirmed === null ? null : row.match_confirmed === 1,
    not_a_face: row.is_face === 0,
    state: alertState(row),
    acknowledged_at: row.acknowledged_at === null ? null : new Date(row.acknowledged_at).toISOString(),
    acknowledged_by_end_user_info:
      row.acknowledged_by && row.acknowledger_name !== null
        ? { uuid: row.acknowledged_by, name: row.acknowledger_name, email: row.acknowledger_email ?? '' }
        : null,
    acknowledged_device: row.acknowledged_device_label,
    escalation_tier: row.escalation_tier,
    steps,
  };
}
