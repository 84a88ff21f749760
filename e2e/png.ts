import sharp from 'sharp';

/** Real PNG images built in memory for upload tests. */

/** A real RGB PNG (24 × 24 unless told): a black and white checkerboard (something QR-like to look at). */
export function checkerboardPng(size = 24): Promise<Buffer> {
  const pixels = Buffer.alloc(size * size * 3);
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      const value = (Math.floor(x / 4) + Math.floor(y / 4)) % 2 === 0 ? 0 : 255;
      pixels.fill(value, (y * size + x) * 3, (y * size + x + 1) * 3);
    }
  }
  return sharp(pixels, { raw: { width: size, height: size, channels: 3 } })
    .png()
    .toBuffer();
}
