import type { Page } from '@playwright/test';
import { vigil } from '../support/cli';
import { ACCOUNTS, expect, signIn, test } from '../support/fixtures';
import { MAPLE_COURT } from '../support/video';

// Issue 27: a manager records a resident's consent (given by a representative), erases the resident with the
// confirmation naming what goes, and finds both in the building's audit trail. The person is this spec's own.

const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1296).toString(36)}`;

/** The manager holds two buildings: work in Maple Court. */
async function chooseMapleCourt(page: Page) {
  const picker = page.getByRole('textbox', { name: 'at', exact: true });
  await picker.click();
  await page.getByRole('option', { name: 'Maple Court', exact: true }).click();
  await expect(picker).toHaveValue('Maple Court');
}

test('a manager records consent, erases a person with the confirmation, and finds both in the audit trail', async ({ page }) => {
  const last = `Consento${unique()}`;
  const name = `Iris ${last}`;
  const id = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/.exec(
    vigil('add-person', MAPLE_COURT, 'Iris', last, 'resident', 'gender=female', 'room=12', 'elopement_risk=no'),
  )?.[0];
  expect(id).toBeTruthy();

  await signIn(page, ACCOUNTS.manager, { from: `/faces/${id}` });
  await chooseMapleCourt(page);
  const details = page.getByRole('region', { name });
  await expect(details.getByRole('heading', { name, level: 2 })).toBeVisible();
  await expect(details.getByRole('group', { name: 'Consent' })).toContainText('No consent recorded');

  // Consent, given by a representative, for recognition only.
  await details.getByRole('button', { name: 'Edit' }).click();
  const dialog = page.getByRole('dialog', { name: `Edit ${name}` });
  const consent = dialog.getByRole('radiogroup', { name: 'Consent to face recognition' });
  await consent.getByRole('radio', { name: 'Given', exact: true }).check();
  await dialog.getByRole('radio', { name: 'A representative', exact: true }).check();
  await dialog.getByRole('textbox', { name: 'Representative' }).fill('Paul Daughter-in-law');
  const covers = dialog.getByRole('group', { name: 'Covers' });
  await covers.getByRole('checkbox', { name: 'Recognition', exact: true }).check();
  await covers.getByRole('checkbox', { name: 'Alerts', exact: true }).uncheck();
  const saved = page.waitForResponse((r) => r.url().endsWith(`/api/v6/faces/${id}`) && r.request().method() === 'PUT');
  await dialog.getByRole('button', { name: 'Save' }).click();
  expect((await saved).status()).toBe(200);
  await expect(dialog).toBeHidden();
  await expect(details.getByRole('group', { name: 'Consent' })).toContainText('Consent given');

  // Erase: the confirmation names what goes, and needs the person's name typed.
  await details.getByRole('button', { name: 'Delete' }).click();
  const remove = page.getByRole('dialog', { name: `Remove ${name}?` });
  await remove.getByRole('button', { name: 'Erase this person…' }).click();
  const erase = page.getByRole('dialog', { name: `Erase ${name}?` });
  await expect(erase.getByRole('list', { name: 'What would be erased' })).toContainText('their registry entry');
  const confirm = erase.getByRole('button', { name: 'Erase permanently' });
  await expect(confirm).toBeDisabled();
  await erase.getByRole('textbox', { name: `Type “${name}” to confirm` }).fill('Somebody Else');
  await expect(confirm).toBeDisabled();
  await erase.getByRole('textbox', { name: `Type “${name}” to confirm` }).fill(name);
  await confirm.click();
  await expect(erase.getByRole('list', { name: 'What was erased' })).toBeVisible();
  await erase.getByRole('button', { name: 'Done' }).click();
  await expect(erase).toBeHidden();
  expect(vigil('people', MAPLE_COURT)).not.toContain(last);

  // Both are in Maple Court's audit trail: the consent change and the erasure receipt (no name in either).
  await page.goto('/staff/audit');
  const form = page.getByRole('form', { name: 'Filters' });
  await expect(form).toContainText('Building: Maple Court');
  const table = page.getByRole('table', { name: 'Audit entries' });
  const row = (action: string) => table.getByRole('row').filter({ hasText: action }).filter({ hasText: id! });
  await expect(row('Changed consent')).toHaveCount(1);
  await expect(row('Changed consent')).toContainText(ACCOUNTS.manager);
  await expect(row('Erased a person')).toHaveCount(1);
  await expect(row('Erased a person')).toContainText(ACCOUNTS.manager);
  await expect(table).not.toContainText(last);
});
