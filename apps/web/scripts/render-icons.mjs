// Renders the PWA's PNG icons from the SVGs of apps/web/icons (own work, drawn from public/favicon.svg) into
// public/icons. Run once after changing an SVG: `node apps/web/scripts/render-icons.mjs`; the PNGs are committed, so
// the build needs no image tools. sharp comes with the server's and analyzer's dependencies (one copy in node_modules).
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const web = fileURLToPath(new URL('..', import.meta.url));
const out = join(web, 'public/icons');
mkdirSync(out, { recursive: true });

/** [source SVG, output PNG, size]: "any" icons keep their rounded corners; maskable and Apple ones are full-bleed. */
const renders = [
  ['icon.svg', 'icon-192.png', 192],
  ['icon.svg', 'icon-512.png', 512],
  ['maskable.svg', 'maskable-192.png', 192],
  ['maskable.svg', 'maskable-512.png', 512],
  ['apple-touch-icon.svg', 'apple-touch-icon-180.png', 180],
  // Android draws a notification's badge from its alpha only: a white mark on transparent.
  ['badge.svg', 'badge-96.png', 96],
];

for (const [source, target, size] of renders) {
  const svg = readFileSync(join(web, 'icons', source));
  // Rasterised at the output size (density scales the 32-unit viewBox), then stripped of metadata for stable bytes.
  await sharp(svg, { density: (72 * size) / 32 })
    .resize(size, size)
    .png({ compressionLevel: 9, palette: source !== 'badge.svg' })
    .toFile(join(out, target));
  console.log(`${target} ${size}x${size}`);
}
