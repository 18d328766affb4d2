import type { Page } from '@playwright/test';
import { newPerson } from '../support/cli';
import { ACCOUNTS, expect, signIn, test } from '../support/fixtures';

// Staff start in the first building by name, Birch House. Each test sets PINs only of caregivers it made there itself,
// so no spec running meanwhile (nor this one's retry) changes a PIN it relies on, and the demo PINs stay as documented.
const caregiverAtBirch = (label: string) => newPerson('caregiver', 'Birch House', label);

/** PINs are unique per building on the server: every test uses fresh random 8-digit ones. */
function randomPin(): string {
  return String(10_000_000 + Math.floor(Math.random() * 90_000_000));
}

async function openPinPage(page: Page) {
  await signIn(page, ACCOUNTS.staff, { from: '/account/settings/pin' });
  await expect(page.getByRole('heading', { name: 'Set PIN', level: 1 })).toBeVisible();
  const form = page.getByRole('form', { name: 'Set PIN' });
  return {
    form,
    person: form.getByLabel('Person', { exact: true }),
    pin: form.getByLabel('New PIN', { exact: true }),
    confirmation: form.getByLabel('Confirm PIN', { exact: true }),
    save: form.getByRole('button', { name: 'Save', exact: true }),
    feedback: form.getByRole('alert'),
  };
}

test('the PIN form explains each validation rule, in the words of the spec', async ({ page }) => {
  const { pin, confirmation, save, feedback } = await openPinPage(page);
  let posted = false;
  page.on('request', (request) => {
    if (request.url().includes('/reset_pin')) posted = true;
  });

  await pin.fill('12ab');
  await confirmation.fill('12ab');
  await save.click();
  await expect(feedback).toHaveText('Your pin must be numeric.');

  await pin.fill('123');
  await confirmation.fill('123');
  await save.click();
  await expect(feedback).toHaveText('Your pin must be at least 4 digits.');

  await pin.fill('48151623');
  await confirmation.fill('48151624');
  await save.click();
  await expect(feedback).toHaveText('Your confirmation must match.');
  // What the user typed stays so it can be fixed.
  await expect(pin).toHaveValue('48151623');
  await expect(confirmation).toHaveValue('48151624');
  expect(posted).toBe(false);
});

test('an administrator picks one person and sets their PIN; two people at once are refused', async ({ page }) => {
  const first = caregiverAtBirch('Pin Admin A');
  const second = caregiverAtBirch('Pin Admin B');
  const { form, person, pin, confirmation, save, feedback } = await openPinPage(page);
  const newPin = randomPin();
  // The chosen people show as pills (Mantine's static class: the pills have no role of their own).
  const chosen = form.locator('.mantine-Pill-label');

  await person.click();
  await page.getByRole('option', { name: first.name, exact: true }).click();
  await page.getByRole('option', { name: second.name, exact: true }).click();
  await person.press('Escape');
  await expect(chosen).toHaveText([first.name, second.name]);
  await pin.fill(newPin);
  await confirmation.fill(newPin);
  await save.click();
  await expect(feedback).toHaveText('Please select only one user at a time.');

  // Backspace removes the last chosen person, leaving the first.
  await person.press('Backspace');
  await expect(chosen).toHaveText([first.name]);

  const request = page.waitForRequest((r) => r.url().includes('/reset_pin') && r.method() === 'POST');
  await save.click();
  await expect(feedback).toHaveText('PIN Succesfully changed.');
  await expect(pin).toHaveValue('');
  await expect(confirmation).toHaveValue('');
  // The browser sends a keyed hash, never the PIN itself.
  const sent = await request;
  expect(new URL(sent.url()).pathname).toMatch(/^\/api\/v1\/users\/[0-9a-f-]{36}\/reset_pin$/);
  expect(sent.postData()).not.toContain(newPin);
});

test('a PIN already used by someone else in the building is refused without saying whose, and listed for administrators', async ({
  page,
  consoleErrors,
}) => {
  // The refused call is the point of this test: Chromium logs it as a failed resource load.
  consoleErrors.allow(/^console\.error: Failed to load resource: the server responded with a status of 409 \(Conflict\)/);
  const holder = caregiverAtBirch('Pin Holder');
  const other = caregiverAtBirch('Pin Other');
  const { form, person, pin, confirmation, save, feedback } = await openPinPage(page);
  const chosen = form.locator('.mantine-Pill-label');
  const taken = randomPin();

  await person.click();
  await page.getByRole('option', { name: holder.name, exact: true }).click();
  await person.press('Escape');
  await expect(chosen).toHaveText([holder.name]);
  await pin.fill(taken);
  await confirmation.fill(taken);
  await save.click();
  await expect(feedback).toHaveText('PIN Succesfully changed.');
  await expect(pin).toHaveValue('');

  // Now another person of the building with the same digits.
  await person.press('Backspace');
  await expect(person).toHaveAttribute('placeholder', 'Yourself');
  await person.click();
  await page.getByRole('option', { name: other.name, exact: true }).click();
  await person.press('Escape');
  await expect(chosen).toHaveText([other.name]);
  await pin.fill(taken);
  await confirmation.fill(taken);
  await save.click();
  // The reply says no more than that (it would tell a colleague's PIN away)...
  await expect(feedback).toHaveText('Please choose another PIN.');
  await expect(pin).toHaveValue(taken);
  // ...and administrators see the refusal as a security event on this page.
  await expect(page.getByRole('region', { name: 'Refused PINs' })).toContainText(`Sam Rivera (${ACCOUNTS.staff}) for ${other.name}`);
});
