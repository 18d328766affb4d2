import sharp from 'sharp';

/** A real small JPEG (a face-like disc on a gradient), as a detector would send a crop. */
export const jpegBytes = (size: number): Promise<Buffer> =>
  sharp(
    Buffer.from(
      `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}"><rect width="100%" height="100%" fill="#369"/>` +
        `<circle cx="${size / 2}" cy="${size / 2}" r="${size / 3}" fill="#fdc"/></svg>`,
    ),
  )
    .jpeg({ quality: 85 })
    .toBuffer();
