import { ACCOUNTS, dashboardCards, expect, mainNav, signIn, test } from '../support/fixtures';

const STAFF_CARDS = [
  'Set PIN',
  'Building Onboarding',
  'Face Training',
  'Confirmed Faces',
  'Manage Faces System',
  'Feature Flags',
  'Environment',
  'Diagnostic Export',
  'Client Errors',
  'Analyzers',
];
// Cameras and Add Camera have no card while their flags (cameras_page, add_camera) are off, as by default (part 1 §2, §9).
const FACILITY_CARDS = [
  'Alerts',
  'Video',
  'Faces',
  'Badges',
  'Alert Settings',
  'Machine Keys',
  'People',
  'Privacy',
  'Audit Trail',
  'Reports',
];
const ALL_CARDS = [...FACILITY_CARDS, 'Cameras', 'Add Camera', ...STAFF_CARDS];
const NAV_LINKS = ['Alerts', 'Video', 'Cameras', 'Faces', 'Badges', 'People'];

interface Expectation {
  email: string;
  cards: string[];
  /** Top-bar links on a page with the navbar (Cameras stays hidden: cameras_page is off by default). */
  nav: string[];
  staffMenu: boolean;
}

const expectations: Expectation[] = [
  {
    email: ACCOUNTS.staff,
    cards: [...FACILITY_CARDS, ...STAFF_CARDS],
    nav: ['Alerts', 'Video', 'Faces', 'Badges', 'People'],
    staffMenu: true,
  },
  { email: ACCOUNTS.manager, cards: FACILITY_CARDS, nav: ['Alerts', 'Video', 'Faces', 'Badges', 'People'], staffMenu: false },
  { email: ACCOUNTS.nurse, cards: ['Alerts', 'Video', 'Faces'], nav: ['Alerts', 'Video', 'Faces'], staffMenu: false },
  { email: ACCOUNTS.family, cards: ['Video'], nav: ['Video'], staffMenu: false },
];

for (const { email, cards, nav, staffMenu } of expectations) {
  test(`${email} sees exactly the dashboard cards and navigation links they may open`, async ({ page }) => {
    await signIn(page, email);
    const grid = dashboardCards(page);
    await expect(grid.getByRole('link', { name: cards[0], exact: true })).toBeVisible();
    for (const title of ALL_CARDS) {
      const card = grid.getByRole('link', { name: title, exact: true });
      if (cards.includes(title)) await expect(card, `card ${title}`).toBeVisible();
      else await expect(card, `no card ${title}`).toHaveCount(0);
    }
    // The cards come in route-table order and nothing else is listed.
    await expect(grid.getByRole('link')).toHaveText(cards);

    // A card opens its page, which has the top bar.
    await grid.getByRole('link', { name: 'Video', exact: true }).click();
    await expect(page).toHaveURL(/\/view(\/|$)/);
    await expect(page.getByRole('heading', { name: 'Video', level: 1 })).toBeVisible();
    const links = mainNav(page);
    await expect(links.getByRole('link')).toHaveText(nav);
    for (const label of NAV_LINKS.filter((l) => !nav.includes(l))) {
      await expect(links.getByRole('link', { name: label, exact: true }), `no nav link ${label}`).toHaveCount(0);
    }
    await expect(links.getByRole('link', { name: 'Video', exact: true })).toHaveAttribute('aria-current', 'page');
    await expect(page.getByRole('link', { name: 'Log out' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Staff', exact: true })).toHaveCount(staffMenu ? 1 : 0);
  });
}

test('the staff menu lists the staff tools, the external links and the git commit', async ({ page }) => {
  await signIn(page, ACCOUNTS.staff, { from: '/staff/env' });
  await page.getByRole('button', { name: 'Staff', exact: true }).click();
  const menu = page.getByRole('menu');
  await expect(menu).toBeVisible();
  await expect(menu.getByRole('menuitem')).toHaveText([...STAFF_CARDS, 'Analytics', 'Metrics', 'Tagging']);
  await expect(menu.getByRole('menuitem', { name: 'Analytics' })).toHaveAttribute('href', 'https://analytics.vigil.example');
  await expect(menu.getByText(/^Branch:/)).toBeVisible();

  // A double-click toggles the short (7 characters) and the full commit (a build outside git says 'unknown').
  const commit = page.getByTestId('git-commit');
  const short = await commit.innerText();
  if (short !== 'unknown') {
    expect(short).toMatch(/^[0-9a-f]{7}$/);
    await commit.dblclick();
    await expect(commit).toHaveText(new RegExp(`^${short}[0-9a-f]{33}$`));
    await commit.dblclick();
    await expect(commit).toHaveText(short);
  }

  await menu.getByRole('menuitem', { name: 'Diagnostic Export' }).click();
  await expect(page).toHaveURL(/\/staff\/storage$/);
  await expect(page.getByRole('heading', { name: 'Diagnostic Export', level: 1 })).toBeVisible();
});

test('an account with no entitlement sees an empty state that says what to do', async ({ page }) => {
  await signIn(page, ACCOUNTS.newcomer);
  await expect(page.getByRole('heading', { name: 'You have no access yet' })).toBeVisible();
  await expect(page.getByText(`${ACCOUNTS.newcomer} is signed in, but it has not been given access to any part of Vigil`)).toBeVisible();
  await expect(page.getByText(/Ask your care home's Vigil administrator/)).toBeVisible();
  await expect(page.getByRole('link', { name: 'Contact Vigil support' })).toBeVisible();
  await expect(dashboardCards(page)).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Log out' })).toBeVisible();
});
