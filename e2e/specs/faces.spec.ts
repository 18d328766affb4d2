import { deflateSync } from 'node:zlib';
import { dummyName } from '@vigil/contract';
import type { Page } from '@playwright/test';
import { vigil } from '../support/cli';
import { ACCOUNTS, expect, signIn, test } from '../support/fixtures';
import { MAPLE_COURT, enableFlags } from '../support/video';

// The faces registry (part 2 §2, §5): adding, finding, editing and deleting a person; who sees whom; the phone layout.
// Every person here is this spec's own, with a unique last name, so no other spec's lists or counts change under it.

// The list shows every person of the building, including other specs' people; one deleted or given a new photo
// meanwhile leaves a thumbnail that answers 404 (the avatar falls back to initials). Only that is allowed.
test.beforeEach(({ consoleErrors }) => {
  consoleErrors.allow(
    /^console\.error: Failed to load resource: the server responded with a status of 404 \(Not Found\) \(\S+\/media\/[^/\s]+\/people\/[0-9a-f-]{36}\/[0-9a-f-]{36}\.thumb\.jpg\)$/,
  );
});

const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1296).toString(36)}`;

function crc32(bytes: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of bytes) {
    let c = (crc ^ byte) & 0xff;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    crc = (crc >>> 8) ^ c;
  }
  return (crc ^ 0xffffffff) >>> 0;
}

/** A real 64x64 RGB PNG (a colour gradient) made here, so the spec needs no file from the machine it runs on. */
function gradientPng(size = 64): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const rows = Buffer.alloc(size * (1 + size * 3));
  for (let y = 0; y < size; y++) {
    const row = y * (1 + size * 3);
    for (let x = 0; x < size; x++) rows.set([x * 4, y * 4, 160], row + 1 + x * 3);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** The manager holds two buildings: work in Maple Court. */
async function chooseMapleCourt(page: Page) {
  const picker = page.getByRole('textbox', { name: 'at', exact: true });
  if ((await picker.inputValue()) === 'Maple Court') return;
  await picker.click();
  await page.getByRole('option', { name: 'Maple Court', exact: true }).click();
  await expect(picker).toHaveValue('Maple Court');
}

async function choose(page: Page, scope: ReturnType<Page['getByRole']>, field: string, option: string) {
  await scope.getByRole('textbox', { name: field, exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
  await expect(scope.getByRole('textbox', { name: field, exact: true })).toHaveValue(option);
}

/** The uuid `npm run vigil -- add-person` prints. */
function addPerson(...args: string[]): string {
  const id = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/.exec(vigil('add-person', MAPLE_COURT, ...args))?.[0];
  if (!id) throw new Error(`add-person ${args.join(' ')} printed no uuid`);
  return id;
}

const people = (page: Page) => page.getByRole('list', { name: 'People' });
const search = (page: Page) => page.getByRole('searchbox', { name: 'Search people' });

test('a manager adds a resident with a photo, finds them by a synonym, edits and deletes them', async ({ page }) => {
  const last = `Okafor${unique()}`;
  const name = `Ada ${last}`;
  await signIn(page, ACCOUNTS.manager);
  await page.goto('/faces');
  await chooseMapleCourt(page);
  await expect(page.getByRole('heading', { name: 'Faces', level: 1 })).toBeVisible();
  await expect(people(page)).toBeVisible();
  await expect(page.getByRole('region', { name: 'Person details' })).toContainText('No person selected');

  // Add: Save shows only once everything required is filled in.
  await page.getByRole('button', { name: 'Add Person' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Person' });
  await expect(dialog.getByRole('button', { name: 'Save' })).toHaveCount(0);
  await dialog.getByRole('textbox', { name: 'First name', exact: true }).fill('Ada');
  await dialog.getByRole('textbox', { name: 'Last name', exact: true }).fill(last);
  await choose(page, dialog, 'Role', 'Resident');
  await choose(page, dialog, 'Gender', 'Female');
  await choose(page, dialog, 'Race', 'Black');
  await dialog.getByRole('textbox', { name: 'Room', exact: true }).fill('101');
  await expect(dialog.getByText('Still needed: Elopement risk.')).toBeVisible();
  await dialog.getByRole('radio', { name: 'No', exact: true }).check();
  const chooser = page.waitForEvent('filechooser');
  await dialog.getByRole('button', { name: 'Add front photo' }).click();
  await (await chooser).setFiles({ name: 'ada-front.png', mimeType: 'image/png', buffer: gradientPng() });
  await expect(dialog.getByRole('img', { name: 'Front photo preview' })).toBeVisible();

  const added = page.waitForResponse((r) => r.url().endsWith('/api/v6/faces') && r.request().method() === 'POST');
  await dialog.getByRole('button', { name: 'Save' }).click();
  const addReply = await added;
  expect(addReply.status(), await addReply.text()).toBe(200);
  const sent = addReply.request().postDataJSON() as { domain_uuid: string; face_info: { images: { add: { orientation: string }[] } } };
  expect(sent.domain_uuid).toBe(MAPLE_COURT);
  expect(sent.face_info.images.add.map((p) => p.orientation)).toEqual(['front']);
  const id = ((await addReply.json()) as { frontend_face_uuid: string }).frontend_face_uuid;

  // The list reloads and the new person opens.
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(new RegExp(`/faces/${id}$`));
  const details = page.getByRole('region', { name });
  await expect(details.getByRole('heading', { name, level: 2 })).toBeVisible();
  await expect(details.getByRole('group', { name: 'Tags' })).toContainText('Resident');
  await expect(details.getByRole('group', { name: 'Tags' })).toContainText('Room 101');
  await expect(details.getByRole('img', { name: `Front photo of ${name}` })).toBeVisible();
  await expect(details.getByText('Not seen yet.')).toBeVisible();

  // Found by the synonym of their race ('black' = 'african american'), and by name; a search that matches nobody says
  // what to try next.
  await page.goto('/faces');
  await search(page).fill('african american');
  await people(page).getByRole('link', { name, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/faces/${id}$`));
  await expect(details).toBeVisible();
  await search(page).fill(`${last}-nobody`);
  await expect(page.getByText('No Results', { exact: true })).toBeVisible();
  await expect(page.getByText('Try searching for a name, or using the filters and sort toggles above.')).toBeVisible();
  await search(page).fill(last);
  await expect(people(page).getByRole('link')).toHaveCount(1);

  // The history of someone never seen.
  await details.getByRole('tab', { name: 'Show/Hide History' }).click();
  await expect(details.getByText('No History', { exact: true })).toBeVisible();

  // Edit: the room changes; the stored photo is not sent again.
  await details.getByRole('button', { name: 'Edit' }).click();
  const editDialog = page.getByRole('dialog', { name: `Edit ${name}` });
  await expect(editDialog.getByRole('textbox', { name: 'Race', exact: true })).toHaveValue('Black');
  await expect(editDialog.getByRole('img', { name: 'Front photo preview' })).toBeVisible();
  await editDialog.getByRole('textbox', { name: 'Room', exact: true }).fill('202');
  const edited = page.waitForResponse((r) => r.url().endsWith(`/api/v6/faces/${id}`) && r.request().method() === 'PUT');
  await editDialog.getByRole('button', { name: 'Save' }).click();
  const editReply = await edited;
  expect(editReply.status(), await editReply.text()).toBe(200);
  expect((editReply.request().postDataJSON() as { face_info: unknown }).face_info).toMatchObject({
    room_number: '202',
    images: { add: [], edit: [], delete: [] },
  });
  await expect(editDialog).toBeHidden();
  await expect(details.getByRole('group', { name: 'Tags' })).toContainText('Room 202');
  await expect(details.getByRole('img', { name: `Front photo of ${name}` })).toBeVisible();

  // Delete asks 'Remove {name}?'; No keeps them, Yes removes them and goes back to the list.
  await details.getByRole('button', { name: 'Delete' }).click();
  const confirm = page.getByRole('dialog', { name: `Remove ${name}?` });
  await confirm.getByRole('button', { name: 'No', exact: true }).click();
  await expect(confirm).toBeHidden();
  await details.getByRole('button', { name: 'Delete' }).click();
  await confirm.getByRole('button', { name: 'Yes', exact: true }).click();
  await expect(confirm).toBeHidden();
  await expect(page).toHaveURL(/\/faces$/);
  await expect(page.getByText('No Results', { exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name, exact: true })).toHaveCount(0);
  expect(vigil('people', MAPLE_COURT)).not.toContain(last);
});

test('a caregiver sees residents but no employees, and cannot add, edit or delete', async ({ page }) => {
  const last = `Lindqvist${unique()}`;
  const resident = addPerson('Rosa', last, 'resident', 'gender=female', 'elopement_risk=yes', 'room=7');
  const employee = addPerson('Emil', last, 'employee', 'gender=male', 'email=emil@maple.example');

  await signIn(page, ACCOUNTS.nurse);
  await page.goto('/faces');
  await search(page).fill(last);
  await expect(people(page).getByRole('link', { name: `Rosa ${last}`, exact: true })).toBeVisible();
  await expect(people(page).getByRole('link')).toHaveCount(1);
  await expect(page.getByRole('button', { name: 'Add Person' })).toHaveCount(0);
  // 'staff' finds employees by synonym; this caregiver has none to find.
  await search(page).fill(`staff`);
  await expect(page.getByRole('link', { name: `Emil ${last}` })).toHaveCount(0);

  await page.goto(`/faces/${resident}`);
  const details = page.getByRole('region', { name: `Rosa ${last}` });
  await expect(details.getByRole('group', { name: 'Tags' })).toContainText('Elopement Risk');
  await expect(details.getByRole('button', { name: 'Edit' })).toHaveCount(0);
  await expect(details.getByRole('button', { name: 'Delete' })).toHaveCount(0);

  // The employee's address shows the empty details, not the person; a malformed id just shows the list.
  await page.goto(`/faces/${employee}`);
  await expect(page.getByRole('region', { name: 'Person details' })).toContainText('This person is not in the list');
  await expect(page.getByText(`Emil ${last}`)).toHaveCount(0);
  await page.goto('/faces/not-a-face-id');
  await expect(people(page)).toBeVisible();
  await expect(page.getByRole('region', { name: 'Person details' })).toContainText('No person selected');
});

test('with dummy face names on, the list and the details show made-up names only', async ({ page }) => {
  const last = `Moreau${unique()}`;
  const id = addPerson('Claire', last, 'resident', 'gender=female', 'elopement_risk=no');
  const shown = dummyName(id, 'female');
  await enableFlags(page, { dummy_face_names: true });
  await signIn(page, ACCOUNTS.nurse);
  await page.goto(`/faces/${id}`);
  const details = page.getByRole('region', { name: shown.person_name });
  await expect(details.getByRole('heading', { name: shown.person_name, level: 2 })).toBeVisible();
  await expect(page.getByText(last)).toHaveCount(0);
  // Search works on the names shown: the made-up one finds them, the real one finds nobody.
  await search(page).fill(shown.last_name);
  await expect(people(page).getByRole('link', { name: shown.person_name, exact: true })).toBeVisible();
  await search(page).fill(last);
  await expect(page.getByText('No Results', { exact: true })).toBeVisible();
});

test.describe('at phone width', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('one pane at a time: the list, then the person with a way back', async ({ page }) => {
    const last = `Nakamura${unique()}`;
    const id = addPerson('Kenji', last, 'resident', 'gender=male', 'elopement_risk=no', 'room=3');
    await signIn(page, ACCOUNTS.nurse);
    await page.goto('/faces');
    await expect(people(page)).toBeVisible();
    await expect(page.getByRole('region', { name: 'Person details' })).toHaveCount(0);

    await search(page).fill(last);
    await people(page)
      .getByRole('link', { name: `Kenji ${last}`, exact: true })
      .click();
    await expect(page).toHaveURL(new RegExp(`/faces/${id}$`));
    await expect(page.getByRole('region', { name: `Kenji ${last}` })).toBeVisible();
    await expect(people(page)).toHaveCount(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    await page.getByRole('link', { name: 'Back', exact: true }).click();
    await expect(page).toHaveURL(/\/faces$/);
    // The search is kept on the way back.
    await expect(search(page)).toHaveValue(last);
    await expect(people(page).getByRole('link', { name: `Kenji ${last}`, exact: true })).toBeVisible();
  });
});
