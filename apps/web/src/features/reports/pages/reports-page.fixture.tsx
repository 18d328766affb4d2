import { DEFAULT_PREFERENCES, type Report, type ReportSummary } from '@vigil/contract';
import { screen, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { stubApi, type Route as ApiRoute } from '../../../test/api-stub';
import { renderWithProviders } from '../../../test/render';
import ReportsPage from './reports-page';

// The reports pages' tests: a building, its reports and the server that answers for them.

export const DOMAIN = '5f0c8a2e-6b1d-4c3e-9a47-0d2b7e1f3a01';
export const REPORT_ID = '7a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d';
export const OLDER_ID = '8b2c3d4e-5f6a-4b7c-9d8e-0f1a2b3c4d5e';
export const NY = 'America/New_York';
export const LIST = 'GET /api/reports/v1/reports';
export const ONE = `GET /api/reports/v1/reports/${REPORT_ID}`;

export const summary = (id: string, title: string, day: number): ReportSummary => ({
  id,
  metadata: {
    title,
    kind: title === 'Elopement Alerts' ? 'elopement_alerts' : 'badge_sharing',
    generated: `2026-03-${String(day + 1).padStart(2, '0')}T06:00:00.000Z`,
    date_start_ts: `2026-03-${String(day).padStart(2, '0')}T05:00:00.000Z`,
    date_end_ts: `2026-03-${String(day + 1).padStart(2, '0')}T05:00:00.000Z`,
    timezone: NY,
    rows: 3,
    generated_by: null,
  },
});
export const NEWEST = summary(REPORT_ID, 'Elopement Alerts', 3);

export const REPORT: Report = {
  ...NEWEST,
  headers: [
    { key: 'time', title: 'Time', type: 'date_weekday' },
    { key: 'resident', title: 'Resident', type: 'link' },
    { key: 'camera', title: 'Camera', type: 'text' },
    { key: 'minutes', title: 'Minutes to Dismiss', type: 'number' },
    { key: 'face', title: 'Face', type: 'image' },
  ],
  values: [
    {
      time: '2026-03-03T14:05:00Z',
      resident: { text: 'Ada Lovelace', href: '/credential/0123456789abcdef' },
      camera: 'Front Door',
      minutes: 12,
      face: { image: '/media/faces/a.jpg?sig=1' },
    },
    {
      time: '2026-03-03T09:00:00Z',
      resident: { text: 'Grace Hopper', href: '/credential/fedcba9876543210' },
      camera: 'Garden Gate',
      minutes: 3,
      face: null,
    },
    {
      time: '2026-03-04T01:30:00Z',
      resident: { text: 'Alan Turing', href: '/credential/00000000000000aa' },
      camera: 'Front Door',
      minutes: 100,
      face: null,
    },
  ],
};

export function server(routes: Record<string, ApiRoute>, operations: string[] = ['view_reports']) {
  return stubApi({
    'GET /api/v1/users/me/entitlements': () => ({ ok: true, entitlementsByDomain: { [DOMAIN]: { keycard: operations } } }),
    'POST /api/v4/domains': () => ({
      domains: [{ uuid: DOMAIN, description: 'Maple Court', cameraUUIDs: [], cameras: [], preferences: DEFAULT_PREFERENCES }],
    }),
    ...routes,
  });
}

export const renderAt = (route: string) =>
  renderWithProviders(
    <Routes>
      <Route path="/report/:id?" element={<ReportsPage title="Reports" />} />
      <Route path="/credential/:id" element={<p>Badge page</p>} />
    </Routes>,
    { route },
  );
export const wait = { timeout: 5_000 };
export const bodyRows = (table: HTMLElement) => within(table).getAllByRole('row').slice(1);
export const residents = (table: HTMLElement) => bodyRows(table).map((row) => within(row).getAllByRole('cell')[1]!.textContent);
/** The report's rows as shown now (a new search draws a new table). */
export const shownResidents = () => residents(screen.getByRole('table', { name: 'Elopement Alerts' }));
