import { REPORTS, zonedDayStart } from '@vigil/contract';
import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { Reply } from '../../../test/api-stub';
import { TEST_TOKEN } from '../../../test/session';
import {
  DOMAIN,
  LIST,
  NEWEST,
  NY,
  OLDER_ID,
  ONE,
  REPORT,
  REPORT_ID,
  bodyRows,
  renderAt,
  server,
  summary,
  wait,
} from './reports-page.fixture';

describe('the reports list (/report)', () => {
  it('says so when there are none', async () => {
    const api = server({ [LIST]: () => ({ ok: true, reports: [] }) });
    renderAt('/report');
    expect(await screen.findByText(REPORTS.empty, {}, wait)).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(api.callsTo(LIST)[0]!.query.toString()).toBe(`domain_uuid=${DOMAIN}`);
  });

  it('lists each report with its name and dates in the building time zone; a row opens it', async () => {
    server({
      [LIST]: () => ({ ok: true, reports: [NEWEST, summary(OLDER_ID, 'Badge Sharing', 2)] }),
      [ONE]: () => ({ ok: true, report: REPORT, err: null }),
    });
    const { user } = renderAt('/report');
    const table = await screen.findByRole('table', { name: 'Reports' }, wait);
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Report name', 'Date generated', 'Start date', 'End date']);
    const rows = bodyRows(table);
    expect(
      within(rows[0]!)
        .getAllByRole('cell')
        .map((td) => td.textContent),
    ).toEqual(['Elopement Alerts', '03/04/2026 01:00 AM', '03/03/2026 12:00 AM', '03/04/2026 12:00 AM']);
    expect(within(rows[1]!).getByRole('link', { name: 'Badge Sharing' })).toHaveAttribute('href', `/report/${OLDER_ID}`);

    await user.click(within(rows[0]!).getAllByRole('cell')[2]!);
    expect(await screen.findByRole('heading', { name: 'Elopement Alerts' }, wait)).toBeInTheDocument();
  });

  it('on a phone: a card per report instead of the wide table', async () => {
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: query.includes('max-width'),
      media: query,
      onchange: null,
      addListener: () => undefined,
      removeListener: () => undefined,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      dispatchEvent: () => false,
    }));
    server({ [LIST]: () => ({ ok: true, reports: [NEWEST] }) });
    renderAt('/report');
    const list = await screen.findByRole('list', { name: 'Reports' }, wait);
    const card = within(list).getByRole('link', { name: /Elopement Alerts/ });
    expect(card).toHaveAttribute('href', `/report/${REPORT_ID}`);
    expect(card).toHaveTextContent('Start date: 03/03/2026 12:00 AM');
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('generates a report of the chosen kind over the last 7 days by default, then opens it', async () => {
    const api = server({
      [LIST]: () => ({ ok: true, reports: [NEWEST] }),
      'POST /api/reports/v1/reports': () => ({ ok: true, id: REPORT_ID }),
      [ONE]: () => ({ ok: true, report: REPORT, err: null }),
    });
    const { user } = renderAt('/report');
    const form = await screen.findByRole('form', { name: 'Generate report' }, wait);
    const from = within(form).getByLabelText('First day');
    const to = within(form).getByLabelText('Last day');
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: NY }).format(Date.now());
    expect(to).toHaveValue(today);
    expect(Date.parse(`${today}T00:00Z`) - Date.parse(`${(from as HTMLInputElement).value}T00:00Z`)).toBe(6 * 86_400_000);
    await user.selectOptions(within(form).getByLabelText('Report'), 'Tailgating');
    await user.click(within(form).getByRole('button', { name: 'Generate report' }));

    expect(await screen.findByRole('heading', { name: 'Elopement Alerts' }, wait)).toBeInTheDocument();
    const body = api.callsTo('POST /api/reports/v1/reports')[0]!.body as Record<string, string>;
    expect(body).toMatchObject({ domain_uuid: DOMAIN, kind: 'tailgating', token: TEST_TOKEN });
    // From midnight of the first day in the building's time zone (its reports name it) to now.
    expect(body.start).toBe(new Date(zonedDayStart((from as HTMLInputElement).value, NY)).toISOString());
    expect(Math.abs(Date.parse(body.end!) - Date.now())).toBeLessThan(60_000);
  });

  it('keeps what was typed and says what went wrong when a report cannot be generated', async () => {
    const api = server({
      [LIST]: () => ({ ok: true, reports: [] }),
      'POST /api/reports/v1/reports': () => new Reply(400, { ok: false, statusCode: 400, error: 'a report covers at most 92 days' }),
    });
    const { user } = renderAt('/report');
    const form = await screen.findByRole('form', { name: 'Generate report' }, wait);
    await user.clear(within(form).getByLabelText('Last day'));
    await user.click(within(form).getByRole('button', { name: 'Generate report' }));
    expect(within(form).getByText('Choose the last day.')).toBeInTheDocument();
    expect(api.callsTo('POST /api/reports/v1/reports')).toHaveLength(0);

    await user.type(within(form).getByLabelText('Last day'), new Intl.DateTimeFormat('en-CA').format(Date.now()));
    await user.click(within(form).getByRole('button', { name: 'Generate report' }));
    expect(await within(form).findByRole('alert', {}, wait)).toHaveTextContent(
      'Could not generate the report: a report covers at most 92 days',
    );
    expect(within(form).getByLabelText('Report')).toHaveValue('credential_mismatch');
  });

  it('offers no form without keycard/view_reports', async () => {
    server({ [LIST]: () => ({ ok: true, reports: [] }) }, []);
    renderAt('/report');
    expect(await screen.findByText(REPORTS.empty, {}, wait)).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Generate report' })).not.toBeInTheDocument();
  });
});
