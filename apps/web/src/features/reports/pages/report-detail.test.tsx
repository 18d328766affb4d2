import { REPORTS, type Report } from '@vigil/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { Reply, type Route as ApiRoute } from '../../../test/api-stub';
import { DOMAIN, LIST, ONE, REPORT, REPORT_ID, bodyRows, renderAt, residents, server, shownResidents, wait } from './reports-page.fixture';

describe('one report (/report/{id})', () => {
  const open = (routes: Record<string, ApiRoute> = {}) => {
    const api = server({ [ONE]: () => ({ ok: true, report: REPORT, err: null }), ...routes });
    return { api, ...renderAt(`/report/${REPORT_ID}`) };
  };

  it('shows the title, the period and the cells by type: dates, links, numbers and pictures', async () => {
    const { api, user } = open();
    const table = await screen.findByRole('table', { name: 'Elopement Alerts' }, wait);
    expect(screen.getByRole('heading', { name: 'Elopement Alerts' })).toBeInTheDocument();
    expect(screen.getByText('03/03/2026 12:00 AM – 03/04/2026 12:00 AM')).toBeInTheDocument();
    expect(api.callsTo(ONE)[0]!.query.toString()).toBe(`domain_uuid=${DOMAIN}`);
    const first = within(bodyRows(table)[0]!).getAllByRole('cell');
    expect(first.map((td) => td.textContent)).toEqual(['Tue 03/03/2026 09:05 AM', 'Ada Lovelace', 'Front Door', '12', '']);
    expect(within(first[0]!).getByText('Tue 03/03/2026 09:05 AM').tagName).toBe('TIME');
    expect(within(first[4]!).getByRole('img', { name: 'Face' })).toHaveAttribute('src', '/media/faces/a.jpg?sig=1');
    expect(within(bodyRows(table)[1]!).queryByRole('img')).not.toBeInTheDocument();

    const link = within(first[1]!).getByRole('link', { name: 'Ada Lovelace' });
    expect(link).toHaveAttribute('href', '/credential/0123456789abcdef');
    await user.click(link);
    expect(await screen.findByText('Badge page')).toBeInTheDocument();
  });

  it('filters rows by the trimmed search term, ignoring case, across every cell as shown', async () => {
    const { user } = open();
    await screen.findByRole('table', { name: 'Elopement Alerts' }, wait);
    await user.type(screen.getByRole('textbox', { name: 'Search' }), '  front DOOR ');
    await waitFor(() => expect(shownResidents()).toEqual(['Ada Lovelace', 'Alan Turing']), wait);
    expect(screen.getByRole('status')).toHaveTextContent('2 of 3 rows match “front DOOR”');

    await user.clear(screen.getByRole('textbox', { name: 'Search' }));
    // Dates as shown: in the building's time zone, with the weekday.
    await user.type(screen.getByRole('textbox', { name: 'Search' }), 'tue 03/03/2026 08:30 pm');
    await waitFor(() => expect(shownResidents()).toEqual(['Alan Turing']), wait);

    await user.type(screen.getByRole('textbox', { name: 'Search' }), 'x');
    expect(
      await screen.findByText('No rows match “tue 03/03/2026 08:30 pmx”. Try a shorter or different term.', {}, wait),
    ).toBeInTheDocument();
  });

  it('sorts by a column on a click on its title, and reverses on another: dates by time, numbers by value', async () => {
    const { user } = open();
    const table = await screen.findByRole('table', { name: 'Elopement Alerts' }, wait);
    expect(residents(table)).toEqual(['Ada Lovelace', 'Grace Hopper', 'Alan Turing']);

    await user.click(within(table).getByRole('button', { name: 'Time' }));
    expect(residents(table)).toEqual(['Grace Hopper', 'Ada Lovelace', 'Alan Turing']);
    expect(within(table).getByRole('columnheader', { name: 'Time' })).toHaveAttribute('aria-sort', 'ascending');
    await user.click(within(table).getByRole('button', { name: 'Time' }));
    expect(residents(table)).toEqual(['Alan Turing', 'Ada Lovelace', 'Grace Hopper']);
    expect(within(table).getByRole('columnheader', { name: 'Time' })).toHaveAttribute('aria-sort', 'descending');

    await user.click(within(table).getByRole('button', { name: 'Minutes to Dismiss' }));
    expect(residents(table)).toEqual(['Grace Hopper', 'Ada Lovelace', 'Alan Turing']);
    expect(within(table).getByRole('columnheader', { name: 'Time' })).toHaveAttribute('aria-sort', 'none');
    expect(within(table).queryByRole('button', { name: 'Face' })).not.toBeInTheDocument();
  });

  it('Download saves the CSV of this report under the name the server gives', async () => {
    const { api, user } = open({
      [ONE]: ({ query }) => (query.get('format') === 'csv' ? 'ignored' : { ok: true, report: REPORT, err: null }),
    });
    // The stub answers JSON; the CSV reply carries its own body and Content-Disposition.
    const answer = globalThis.fetch;
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
      const reply = await answer(input, init);
      return String(input).includes('format=csv')
        ? new Response('Time,Resident\r\n', {
            headers: { 'Content-Type': 'text/csv', 'Content-Disposition': 'attachment; filename="elopement-alerts-2026-03-03.csv"' },
          })
        : reply;
    });
    const createObjectURL = vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:vigil/report');
    createObjectURL.mockClear();
    vi.spyOn(URL, 'revokeObjectURL').mockReturnValue(undefined);
    const saved: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(`${this.download} ${this.getAttribute('href')}`);
    });
    await screen.findByRole('table', { name: 'Elopement Alerts' }, wait);

    await user.click(screen.getByRole('button', { name: 'Download' }));
    await waitFor(() => expect(saved).toEqual(['elopement-alerts-2026-03-03.csv blob:vigil/report']), wait);
    const csvCall = api.callsTo(ONE).find((call) => call.query.get('format') === 'csv')!;
    expect(Object.fromEntries(csvCall.query)).toEqual({ domain_uuid: DOMAIN, format: 'csv' });
    expect(await (createObjectURL.mock.calls[0]![0] as Blob).text()).toBe('Time,Resident\r\n');
  });

  it('says why a download failed, and Back returns to the list', async () => {
    const { user } = open({
      [ONE]: ({ query }) =>
        query.get('format') === 'csv'
          ? new Reply(403, { ok: false, statusCode: 403, error: 'You may not view reports here.' })
          : { ok: true, report: REPORT, err: null },
      [LIST]: () => ({ ok: true, reports: [] }),
    });
    await screen.findByRole('table', { name: 'Elopement Alerts' }, wait);
    await user.click(screen.getByRole('button', { name: 'Download' }));
    expect(await screen.findByRole('alert', {}, wait)).toHaveTextContent('Could not download the report: You may not view reports here.');

    await user.click(screen.getByRole('link', { name: 'Back' }));
    expect(await screen.findByText(REPORTS.empty, {}, wait)).toBeInTheDocument();
  });

  it("says what went wrong when the report can't be read", async () => {
    open({ [ONE]: () => new Reply(404, { ok: false, statusCode: 404, error: 'No such report in this building.' }) });
    expect(await screen.findByRole('alert', {}, wait)).toHaveTextContent(
      'Could not load this report of Maple Court: No such report in this building.',
    );
    expect(screen.getByRole('link', { name: 'Back' })).toHaveAttribute('href', '/report');
  });
  it('draws a long report 200 rows at a time, more on request', async () => {
    const values = Array.from({ length: 250 }, (_, i) => ({ camera: `Door ${i + 1}` }));
    const long: Report = { ...REPORT, headers: [{ key: 'camera', title: 'Camera', type: 'text' }], values };
    const { user } = open({ [ONE]: () => ({ ok: true, report: long, err: null }) });
    const table = await screen.findByRole('table', { name: 'Elopement Alerts' }, wait);
    expect(bodyRows(table)).toHaveLength(200);
    expect(screen.getByText('Showing 200 of 250 rows.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Show 50 more rows' }));
    expect(bodyRows(table)).toHaveLength(250);
    expect(within(bodyRows(table)[249]!).getByRole('cell')).toHaveTextContent('Door 250');
    expect(screen.queryByRole('button', { name: /more rows/ })).not.toBeInTheDocument();
  });
});
