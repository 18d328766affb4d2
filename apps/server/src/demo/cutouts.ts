import { join } from 'node:path';
import sharp from 'sharp';

// The demo visitors' cut-outs: a person's head and shoulders from a licensed picture, toned and masked soft-edged, so a
// demo camera can walk them past (see scenes.ts for the list).

export interface Cutout {
  name: string;
  /** a file of the media folder */
  source: string;
  /** head and shoulders in the source picture */
  crop: { left: number; top: number; width: number; height: number };
  height: number;
  flop: boolean;
  /** degrees, clockwise */
  rotate: number;
  brightness: number;
  saturation: number;
  contrast: number;
  jpegQuality: number;
  /** 'bust': a head ellipse over a shoulders ellipse; 'head': one ellipse */
  mask: 'bust' | 'head';
}

/** Soft-edged alpha (0–255) for a w x h cut-out: a head ellipse over a shoulders ellipse, or one ellipse. */
function alphaMask(width: number, height: number, shape: 'bust' | 'head'): Buffer {
  const ellipses =
    shape === 'bust'
      ? [
          { cx: 0.5, cy: 0.37, rx: 0.31, ry: 0.37 },
          { cx: 0.5, cy: 0.76, rx: 0.49, ry: 0.24 },
        ]
      : [{ cx: 0.5, cy: 0.5, rx: 0.49, ry: 0.49 }];
  const soft = 0.14;
  const mask = Buffer.alloc(width * height);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      let best = 0;
      for (const e of ellipses) {
        const dx = (x + 0.5 - e.cx * width) / (e.rx * width);
        const dy = (y + 0.5 - e.cy * height) / (e.ry * height);
        const t = Math.min(1, Math.max(0, (1 - Math.hypot(dx, dy)) / soft));
        best = Math.max(best, t * t * (3 - 2 * t));
      }
      mask[y * width + x] = Math.round(best * 255);
    }
  return mask;
}

/** A visitor cut-out: RGBA PNG, transparent outside a soft ellipse. */
export async function makeCutout(sourceDir: string, c: Cutout, output: string): Promise<void> {
  let image = sharp(join(sourceDir, c.source)).extract(c.crop);
  if (c.flop) image = image.flop();
  const toned = await image
    .modulate({ brightness: c.brightness, saturation: c.saturation })
    .linear(c.contrast, 128 * (1 - c.contrast))
    .resize({ height: c.height })
    .jpeg({ quality: c.jpegQuality })
    .toBuffer();
  const { data, info } = await sharp(toned).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const masked = await sharp(data, { raw: { width: info.width, height: info.height, channels: 3 } })
    .joinChannel(alphaMask(info.width, info.height, c.mask), { raw: { width: info.width, height: info.height, channels: 1 } })
    .png()
    .toBuffer();
  // Turned on a transparent background, then cropped back to the ellipse's box so the corners stay clear.
  const turned = c.rotate
    ? await sharp(masked)
        .rotate(c.rotate, { background: { r: 0, g: 0, b: 0, alpha: 0 } })
        .png()
        .toBuffer()
    : masked;
  await sharp(turned).ensureAlpha().png({ compressionLevel: 9 }).toFile(output);
}
