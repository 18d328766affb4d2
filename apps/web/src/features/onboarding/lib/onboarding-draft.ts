import { newCameraRow, type BuildingDraft, type CameraRowDraft, type PlaceSuggestion } from '@vigil/contract';
import { createStore, useStore } from '../../../lib/store';

/**
 * The onboarding in progress (spec part 1 §4: building setup, add cameras, finished), kept in this tab's session
 * storage so the two pages share it and a reload loses nothing. Passwords are not kept: they are typed again after a reload.
 */
export interface OnboardingDraft {
  building: BuildingDraft;
  /** the suggestion the address came from (its parts feed the postal check) */
  place: PlaceSuggestion | null;
  rows: CameraRowDraft[];
}

const KEY = 'vigil.onboarding';

export const emptyBuilding = (): BuildingDraft => ({ description: '', fname: '', group: '', address: '', geoloc: '', timezone: '' });
const fresh = (): OnboardingDraft => ({ building: emptyBuilding(), place: null, rows: [newCameraRow(crypto.randomUUID())] });

function load(): OnboardingDraft {
  try {
    const stored = JSON.parse(sessionStorage.getItem(KEY) ?? 'null') as OnboardingDraft | null;
    return stored?.building && Array.isArray(stored.rows) && stored.rows.length > 0 ? stored : fresh();
  } catch {
    return fresh();
  }
}

export const onboardingDraftStore = createStore<OnboardingDraft>(load());
onboardingDraftStore.subscribe(() => {
  const draft = onboardingDraftStore.get();
  sessionStorage.setItem(KEY, JSON.stringify({ ...draft, rows: draft.rows.map((r) => ({ ...r, password: '' })) }));
});

export const useOnboardingDraft = () => useStore(onboardingDraftStore);

export const updateBuilding = (changes: Partial<BuildingDraft>) =>
  onboardingDraftStore.set((d) => ({ ...d, building: { ...d.building, ...changes } }));
export const setPlace = (place: PlaceSuggestion | null) => onboardingDraftStore.set((d) => ({ ...d, place }));
export const setRows = (rows: CameraRowDraft[]) => onboardingDraftStore.set((d) => ({ ...d, rows }));
/** After 'SUCCESS!': the next onboarding starts from nothing. */
export const resetOnboarding = () => onboardingDraftStore.set(fresh());
