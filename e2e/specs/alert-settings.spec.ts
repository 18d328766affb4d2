import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { ACCOUNTS, expect, signIn, test } from '../support/fixtures';
import { DEMO, createDetectorKey, ingest, nowIso, sessionToken } from '../support/ingest';

// A rule changes which of a building's object events alert, in every spec running meanwhile. Birch House is the
// objects feed's (alerts-objects.spec.ts counts on it alerting on everything), so the rules here go to Maple Court,
// where other specs ingest only for the timeline and elopement alerts, which rules do not touch.
const shots = process.env.E2E_SHOTS;
test.describe.configure({ timeout: 90_000 });

interface ApiEvent {
  description: string;
  alerted: boolean;
}

async function api(page: Page) {
  const headers = { authorization: `Bearer ${await sessionToken(page)}` };
  return {
    events: async (query: Record<string, string>): Promise<ApiEvent[]> => {
      const response = await page.request.get('/api/events/v1/alerts', {
        headers,
        params: { domain_uuid: DEMO.maple, limit: '1500', ...query },
      });
      expect(response.status(), await response.text()).toBe(200);
      return ((await response.json()) as { data: ApiEvent[] }).data;
    },
    createRule: async (rule: Record<string, unknown>): Promise<string> => {
      const response = await page.request.post('/api/events/v1/alert_settings', { headers, data: { domain_uuid: DEMO.maple, rule } });
      expect(response.status(), await response.text()).toBe(200);
      return ((await response.json()) as { rule: { id: string } }).rule.id;
    },
    deleteRule: async (id: string) => {
      const response = await page.request.delete(`/api/events/v1/alert_settings/${id}`, { headers });
      expect(response.status(), await response.text()).toBe(200);
    },
    /** Removes the rules this run made, whatever the test got to. */
    removeRules: async (marker: string) => {
      const response = await page.request.get('/api/events/v1/alert_settings', { headers, params: { domain_uuid: DEMO.maple } });
      if (!response.ok()) return;
      const { rules } = (await response.json()) as { rules: { id: string; name: string }[] };
      for (const rule of rules.filter((r) => r.name.includes(marker))) {
        await page.request.delete(`/api/events/v1/alert_settings/${rule.id}`, { headers });
      }
    },
  };
}

async function pick(page: Page, label: string, option: string) {
  await page.getByRole('textbox', { name: label, exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
  await page.keyboard.press('Escape');
}

test('a manager adds a Pet-only rule, it persists, and then only a dog raises an alert', async ({ page }) => {
  const run = Math.random().toString(36).slice(2, 8);
  const name = `Pets only ${run}`;
  await signIn(page, ACCOUNTS.manager, { from: '/alerts/settings' });
  const client = await api(page);
  try {
    await expect(page.getByRole('heading', { name: 'Alert Settings', level: 1 })).toBeVisible();
    // The first building is Birch House; the picker labelled 'at' changes it.
    const picker = page.getByRole('textbox', { name: 'at', exact: true });
    await expect(picker).toHaveValue('Birch House');
    await picker.click();
    await page.getByRole('option', { name: 'Maple Court', exact: true }).click();
    await expect(picker).toHaveValue('Maple Court');
    await expect(page.getByRole('link', { name: 'Back to alerts' })).toHaveAttribute('href', '/alerts');
    await expect(page.getByText(/^Today at Maple Court: dawn \d\d:\d\d, dusk \d\d:\d\d \(/)).toBeVisible();

    // Checked before anything is sent: every problem on its field.
    const editor = page.getByRole('form', { name: 'Add a rule' });
    await editor.getByRole('button', { name: 'Save rule' }).click();
    await expect(editor.getByText('Please give the rule a name.')).toBeVisible();
    await expect(editor.getByText('Choose at least one category.')).toBeVisible();

    await editor.getByLabel('Name', { exact: true }).fill(name);
    await pick(page, 'Categories', 'Pet');
    // Between offers Fixed, Dawn and Dusk for each end, with today's dawn and dusk beside them.
    await editor.getByRole('radio', { name: 'Between' }).check();
    const start = editor.getByLabel('Start', { exact: true });
    await expect(start.getByRole('option')).toHaveText(['Fixed time', /^Dawn \(today \d\d:\d\d\)$/, /^Dusk \(today \d\d:\d\d\)$/]);
    await start.selectOption('Fixed');
    await expect(editor.getByLabel('Start time', { exact: true })).toBeVisible();
    if (shots) await page.screenshot({ path: join(shots, 'alert-settings-between.png'), fullPage: true });
    await editor.getByRole('radio', { name: 'All Day' }).check();
    await expect(editor.getByLabel('Start', { exact: true })).toHaveCount(0);
    await expect(editor.getByLabel('Days', { exact: true })).toBeVisible();
    await editor.getByLabel('Idle seconds').selectOption('5');
    await editor.getByLabel('Rate limit seconds').selectOption('5');
    await editor.getByRole('button', { name: 'Save rule' }).click();
    await expect(page.getByRole('status').filter({ hasText: `Saved the rule “${name}”.` })).toBeVisible();

    // Saved on the server: it is there after a reload.
    await page.reload();
    const rule = page.getByRole('list', { name: 'Alert rules' }).getByRole('listitem', { name });
    await expect(rule).toBeVisible();
    await expect(rule).toContainText('Pet · All cameras · Day · All Day');
    await expect(rule).toContainText('Enabled');
    // Edit loads the rule into the form.
    await rule.getByRole('button', { name: `Edit ${name}` }).click();
    const edit = page.getByRole('form', { name: `Edit rule: ${name}` });
    await expect(edit.getByLabel('Name', { exact: true })).toHaveValue(name);
    await expect(edit.getByLabel('Idle seconds')).toHaveValue('5');
    await edit.getByRole('button', { name: 'Cancel' }).click();
    await expect(page.getByRole('form', { name: 'Add a rule' })).toBeVisible();
    if (shots) await page.screenshot({ path: join(shots, 'alert-settings.png'), fullPage: true });

    // A person and a dog at the reception: with the rule, only the dog is an alert.
    const since = nowIso(-60_000);
    const key = await createDetectorKey(page, DEMO.maple);
    await ingest(page.request, key, {
      events: [
        {
          camera_uuid: DEMO.mapleHallway,
          started_at: nowIso(-20_000),
          objects: [{ name: 'person', confidence: 0.9 }],
          description: `Person ${run}`,
        },
        {
          camera_uuid: DEMO.mapleHallway,
          started_at: nowIso(-10_000),
          objects: [{ name: 'dog', confidence: 0.9 }],
          description: `Dog ${run}`,
        },
      ],
    });
    const mine = (events: ApiEvent[]) => events.filter((e) => e.description.endsWith(run)).map((e) => e.description);
    expect(mine(await client.events({ since, alerted: 'true' }))).toEqual([`Dog ${run}`]);
    const all = (await client.events({ since })).filter((e) => e.description.endsWith(run));
    expect(all.map((e) => [e.description, e.alerted]).sort()).toEqual([
      [`Dog ${run}`, true],
      [`Person ${run}`, false],
    ]);

    // Delete asks first, then the rule is gone.
    await rule.getByRole('button', { name: `Delete ${name}` }).click();
    await page.getByRole('dialog', { name: 'Delete this rule?' }).getByRole('button', { name: 'Delete rule' }).click();
    await expect(page.getByRole('status').filter({ hasText: `Deleted the rule “${name}”.` })).toBeVisible();
    await expect(page.getByRole('listitem', { name })).toHaveCount(0);
  } finally {
    await client.removeRules(run);
  }
});

test('a refusal from the server shows in an alert and keeps what was typed', async ({ page, consoleErrors }) => {
  consoleErrors.allow(
    /^console\.error: Failed to load resource: the server responded with a status of 404 \(Not Found\) \(\S+\/api\/events\/v1\/alert_settings\/[0-9a-f-]{36}\)$/,
  );
  const run = Math.random().toString(36).slice(2, 8);
  const name = `Night gate ${run}`;
  await signIn(page, ACCOUNTS.manager);
  // The remembered building decides which rules the page shows.
  await page.evaluate((maple) => window.localStorage.setItem('currentDomain', maple), DEMO.maple);
  const client = await api(page);
  try {
    // Someone else removes the rule while it is open here.
    const id = await client.createRule({
      name,
      enabled: false,
      categories: ['Other'],
      camera_uuids: [DEMO.mapleExit],
      days: ['Weekday'],
      time_range: { mode: 'Between', start: { kind: 'Dusk' }, end: { kind: 'Fixed', time: '06:30' } },
      idle_seconds: 30,
      rate_limit_seconds: 60,
    });
    await page.goto('/alerts/settings');
    const rule = page.getByRole('list', { name: 'Alert rules' }).getByRole('listitem', { name });
    await expect(rule).toContainText('Other · Front Entrance Outdoor · Weekday · Dusk–06:30');
    await expect(rule).toContainText('Off');
    await rule.getByRole('button', { name: `Edit ${name}` }).click();
    const edit = page.getByRole('form', { name: `Edit rule: ${name}` });
    await expect(edit.getByLabel('Start', { exact: true })).toHaveValue('Dusk');
    await expect(edit.getByLabel('End time', { exact: true })).toHaveValue('06:30');
    await edit.getByLabel('Name', { exact: true }).fill(`${name} renamed`);
    await client.deleteRule(id);
    await edit.getByRole('button', { name: 'Save changes' }).click();
    await expect(edit.getByRole('alert')).toContainText('The rule was not saved');
    await expect(edit.getByLabel('Name', { exact: true })).toHaveValue(`${name} renamed`);
  } finally {
    await client.removeRules(run);
  }
});

test.describe('at phone width', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('the settings page fits a phone', async ({ page }) => {
    await signIn(page, ACCOUNTS.manager, { from: '/alerts/settings' });
    const editor = page.getByRole('form', { name: 'Add a rule' });
    await expect(editor).toBeVisible();
    const box = (await editor.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(390);
    expect(await page.evaluate(() => document.documentElement.scrollWidth), 'no sideways scrolling').toBeLessThanOrEqual(390);
    if (shots) await page.screenshot({ path: join(shots, 'alert-settings-phone.png'), fullPage: true });
  });
});
