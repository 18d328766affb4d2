import { expect, test } from '../support/fixtures';

/** What a browser downloads for the landing page: every script and modulepreload, in compressed bytes on the wire. */
const BUDGET_BYTES = 170 * 1024;

test('the landing page loads under 170 KB of compressed JavaScript, precompressed and cached for a year', async ({ page }) => {
  const scripts: { url: string; raw: number; wire: number; encoding: string; cache: string }[] = [];
  const pending: Promise<void>[] = [];
  page.on('requestfinished', (request) => {
    if (request.resourceType() !== 'script') return;
    pending.push(
      (async () => {
        const response = (await request.response())!;
        const headers = response.headers();
        const { responseBodySize } = await request.sizes();
        scripts.push({
          url: request.url(),
          raw: (await response.body()).length,
          wire: responseBodySize,
          encoding: headers['content-encoding'] ?? '',
          cache: headers['cache-control'] ?? '',
        });
      })(),
    );
  });
  await page.goto('/', { waitUntil: 'networkidle' });
  await expect(page.getByRole('heading', { name: 'Welcome' })).toBeVisible();
  await Promise.all(pending);

  expect(scripts.length, 'the landing page loads scripts').toBeGreaterThan(0);
  for (const script of scripts) {
    // The build precompresses every file of 1 KB or more; smaller ones would gain nothing.
    if (script.raw >= 1024) expect(script.encoding, `${script.url} is sent compressed`).toMatch(/^(br|gzip)$/);
    expect(script.cache, `${script.url} (hashed) is cached for a year`).toBe('public, max-age=31536000, immutable');
  }
  const total = scripts.reduce((sum, script) => sum + script.wire, 0);
  expect(total, `landing page JavaScript on the wire: ${(total / 1024).toFixed(1)} KB`).toBeLessThan(BUDGET_BYTES);
});
