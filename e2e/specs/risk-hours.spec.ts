import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { vigil } from '../support/cli';
import { ACCOUNTS, expect, signIn, test } from '../support/fixtures';
import { MAPLE_COURT } from '../support/video';

// A resident's elopement risk limited to times (issue 37): a manager edits a resident at risk, sets Between Dusk and
// Dawn, saves, and reads it back in the details and in the form reopened after a reload. The person is this spec's own.

// With E2E_SHOTS set, the form and the details are kept as pictures for a human to look at.
const shots = process.env.E2E_SHOTS;
const shoot = async (page: Page, name: string) => {
  if (!shots) return;
  mkdirSync(shots, { recursive: true });
  await page.screenshot({ path: join(shots, name) });
};

const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1296).toString(36)}`;

/** A resident at elopement risk made with the administration CLI; their uuid. */
function residentAtRisk(last: string): string {
  const out = vigil('add-person', MAPLE_COURT, 'Nell', last, 'resident', 'gender=female', 'elopement_risk=yes', 'room=14');
  const id = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/.exec(out)?.[0];
  if (!id) throw new Error(`add-person printed no uuid: ${out}`);
  return id;
}

async function openPerson(page: Page, name: string, phone: boolean) {
  await page.goto('/faces');
  await expect(page.getByRole('heading', { name: 'Faces', level: 1 })).toBeVisible();
  // At phone width the building picker is behind the burger menu.
  const burger = page.getByRole('button', { name: 'Toggle navigation' });
  if (phone) await burger.click();
  const picker = page.getByRole('textbox', { name: 'at', exact: true });
  if ((await picker.inputValue()) !== 'Maple Court') {
    await picker.click();
    await page.getByRole('option', { name: 'Maple Court', exact: true }).click();
    await expect(picker).toHaveValue('Maple Court');
  }
  if (phone && (await burger.getAttribute('aria-expanded')) === 'true') await burger.click();
  await page.getByRole('searchbox', { name: 'Search people' }).fill(name);
  await page.getByRole('list', { name: 'People' }).getByRole('link', { name, exact: true }).click();
  return page.getByRole('region', { name });
}

for (const viewport of [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
]) {
  test(`a manager limits a resident's elopement risk to Dusk to Dawn and reads it back (${viewport.width}x${viewport.height})`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    const last = `Vesper${unique()}`;
    const name = `Nell ${last}`;
    const id = residentAtRisk(last);
    await signIn(page, ACCOUNTS.manager);
    const details = await openPerson(page, name, viewport.width < 500);
    await expect(details.getByText('Elopement risk: Always', { exact: true })).toBeVisible();

    await details.getByRole('button', { name: 'Edit' }).click();
    const dialog = page.getByRole('dialog', { name: `Edit ${name}` });
    const hours = dialog.getByRole('radiogroup', { name: 'Elopement risk hours' });
    await expect(hours.getByRole('radio', { name: 'Always', exact: true })).toBeChecked();
    await hours.getByRole('radio', { name: 'Between', exact: true }).check();
    await dialog.getByRole('combobox', { name: 'Start', exact: true }).selectOption('Dusk');
    await dialog.getByRole('combobox', { name: 'End', exact: true }).selectOption('Dawn');
    await expect(dialog.getByRole('textbox', { name: 'Days', exact: true })).toBeVisible();
    await dialog.getByRole('combobox', { name: 'Start', exact: true }).scrollIntoViewIfNeeded();
    await shoot(page, `risk-hours-form-${viewport.width}.png`);

    const saved = page.waitForResponse((r) => r.url().endsWith(`/api/v6/faces/${id}`) && r.request().method() === 'PUT');
    await dialog.getByRole('button', { name: 'Save', exact: true }).click();
    const reply = await saved;
    expect(reply.status(), await reply.text()).toBe(200);
    expect((reply.request().postDataJSON() as { face_info: unknown }).face_info).toMatchObject({
      elopement_risk: true,
      elopement_risk_hours: { days: ['Day'], time_range: { mode: 'Between', start: { kind: 'Dusk' }, end: { kind: 'Dawn' } } },
    });
    await expect(dialog).toBeHidden();
    await expect(details.getByText('Elopement risk: Dusk to Dawn, every day', { exact: true })).toBeVisible();
    await shoot(page, `risk-hours-details-${viewport.width}.png`);

    // Read back from the server: after a reload, in the details and in the form.
    await page.reload();
    const again = page.getByRole('region', { name });
    await expect(again.getByText('Elopement risk: Dusk to Dawn, every day', { exact: true })).toBeVisible();
    await again.getByRole('button', { name: 'Edit' }).click();
    const reopened = page.getByRole('dialog', { name: `Edit ${name}` });
    await expect(reopened.getByRole('radiogroup', { name: 'Elopement risk hours' }).getByRole('radio', { name: 'Between' })).toBeChecked();
    await expect(reopened.getByRole('combobox', { name: 'Start', exact: true })).toHaveValue('Dusk');
    await expect(reopened.getByRole('combobox', { name: 'End', exact: true })).toHaveValue('Dawn');
    await reopened.getByRole('button', { name: 'Cancel', exact: true }).click();
    await expect(reopened).toBeHidden();
  });
}
