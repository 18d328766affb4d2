import sharp from 'sharp';
import type { Box, RgbFrame } from './models.js';

// The pictures sent with detections, made from the analysed frame (sharp only: no model is needed to make them).

const raw = (frame: RgbFrame) =>
  sharp(Buffer.from(frame.rgb.buffer, frame.rgb.byteOffset, frame.rgb.byteLength), {
    raw: { width: frame.width, height: frame.height, channels: 3 },
  });

/** The face cut from the frame with a margin around it (the head, not just the face), as a JPEG of at most `size` px. */
export async function faceCrop(frame: RgbFrame, box: Box, size = 160, margin = 0.4): Promise<Buffer> {
  const left = Math.max(0, Math.floor((box.x - box.w * margin) * frame.width));
  const top = Math.max(0, Math.floor((box.y - box.h * margin) * frame.height));
  const right = Math.min(frame.width, Math.ceil((box.x + box.w * (1 + margin)) * frame.width));
  const bottom = Math.min(frame.height, Math.ceil((box.y + box.h * (1 + margin)) * frame.height));
  return raw(frame)
    .extract({ left, top, width: Math.max(1, right - left), height: Math.max(1, bottom - top) })
    .resize({ width: size, height: size, fit: 'inside', withoutEnlargement: true })
    .jpeg({ quality: 85 })
    .toBuffer();
}

/** The whole frame as a JPEG, scaled down to `width` when it is wider. */
export function frameJpeg(frame: RgbFrame, o: { quality?: number; width?: number } = {}): Promise<Buffer> {
  const pipeline = raw(frame);
  if (o.width !== undefined) pipeline.resize({ width: o.width, withoutEnlargement: true });
  return pipeline.jpeg({ quality: o.quality ?? 80 }).toBuffer();
}
