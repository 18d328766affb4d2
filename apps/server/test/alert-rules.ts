/** An alert rule as the settings page sends it: pets, every day, dusk to dawn, 30 s apart; `overrides` change any field. */
export const petsAtNight = (overrides: object = {}) => ({
  name: 'Pets at night',
  categories: ['Pet'],
  camera_uuids: [],
  days: ['Day'],
  time_range: { mode: 'Between', start: { kind: 'Dusk' }, end: { kind: 'Dawn' } },
  idle_seconds: 5,
  rate_limit_seconds: 30,
  enabled: true,
  ...overrides,
});
