import { test as base, expect, type Page } from '@playwright/test';

/** What the browser reported as an error during one test. */
export interface ConsoleErrorLog {
  /** Console errors and uncaught page errors seen so far, in order. */
  readonly messages: readonly string[];
  /** Expect a console error matching `pattern` in this test only (e.g. the 409 of a deliberately refused call). Keep it narrow. */
  allow(pattern: RegExp): void;
}

interface Fixtures {
  consoleErrors: ConsoleErrorLog;
}

/**
 * `test` whose browser pages fail the test at teardown when they logged a console error or threw an
 * uncaught error, unless the test allowed that exact message with consoleErrors.allow().
 */
export const test = base.extend<Fixtures>({
  // eslint-disable-next-line no-empty-pattern -- Playwright fixtures must destructure their first argument.
  consoleErrors: async ({}, use) => {
    const messages: string[] = [];
    const allowed: RegExp[] = [];
    await use({
      get messages() {
        return messages;
      },
      allow: (pattern) => {
        allowed.push(pattern);
      },
    });
    // Collected by the page fixture below, which tears down first.
    const unexpected = messages.filter((message) => !allowed.some((pattern) => pattern.test(message)));
    expect(unexpected, 'the browser logged errors (console.error or uncaught exceptions)').toEqual([]);
  },
  page: async ({ page, consoleErrors }, use) => {
    const log = consoleErrors.messages as string[];
    const watch = (watched: Page) => {
      watched.on('console', (message) => {
        if (message.type() !== 'error') return;
        const { url } = message.location();
        log.push(`console.error: ${message.text()}${url ? ` (${url})` : ''}`);
      });
      watched.on('pageerror', (error) => log.push(`pageerror: ${error.message}`));
    };
    // Every page of the context: a download or a popup must not hide an error either.
    watch(page);
    page.context().on('page', (other) => {
      if (other !== page) watch(other);
    });
    await use(page);
  },
});

export { expect };

export type Provider = 'Google' | 'Microsoft';

export const ACCOUNTS = {
  staff: 'staff@vigil.example',
  manager: 'manager@maple.example',
  nurse: 'nurse@maple.example',
  family: 'family@maple.example',
  newcomer: 'newcomer@maple.example',
} as const;

export interface SignInOptions {
  /** Which landing-page button to use; both reach the built-in demo provider. Default Google. */
  via?: Provider;
  /** A deep link to open first (signed out it leads to the landing page); the user must end up there. Default: /dashboard. */
  from?: string;
}

/** Where `from` leads after signing in: the same path and query. */
function landingUrl(from: string | undefined): RegExp {
  const target = from ?? '/dashboard';
  const escaped = target.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`^[^#]*//[^/]+${escaped}$`);
}

/**
 * Signs in the way a person does: the landing page (or a deep link, which the guard sends to the
 * landing page), the provider button, then the account's button on the demo sign-in page.
 */
export async function signIn(page: Page, email: string, options: SignInOptions = {}): Promise<void> {
  const via = options.via ?? 'Google';
  await page.goto(options.from ?? '/');
  await page.getByRole('button', { name: `Log in with ${via}`, exact: true }).click();
  await expect(page).toHaveTitle('Vigil demo sign-in');
  await page.getByRole('button', { name: email, exact: true }).click();
  // The provider returns to /#id_token=…; the app trades it for a session and goes on.
  await expect(page).toHaveURL(landingUrl(options.from));
}

/** The dashboard's cards are links named after the routes' titles, inside the 'Your areas' section. */
export function dashboardCards(page: Page) {
  return page.getByRole('region', { name: 'Your areas' });
}

/** The top bar's navigation (pages with a navbar, at desktop width). */
export function mainNav(page: Page) {
  return page.getByRole('navigation', { name: 'Main' });
}
