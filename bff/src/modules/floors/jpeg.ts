// Is it a JPEG, and how large? Decided by the content (spec §5: the map image is a jpg; a renamed
// PNG or text file is refused whatever its name): the SOI marker, then the segments up to a
// start-of-frame marker, which holds the size.
export interface JpegInfo {
  width: number;
  height: number;
}

// SOF0–SOF15 except DHT (C4), JPG (C8) and DAC (CC)
const isStartOfFrame = (m: number) => m >= 0xc0 && m <= 0xcf && m !== 0xc4 && m !== 0xc8 && m !== 0xcc;

export function jpegInfo(data: Uint8Array): JpegInfo | null {
  if (data.length < 4 || data[0] !== 0xff || data[1] !== 0xd8 || data[2] !== 0xff) return null;
  let i = 2;
  while (i + 4 <= data.length) {
    if (data[i] !== 0xff) return null;
    const marker = data[i + 1]!;
    if (marker === 0xff) {
      i += 1; // fill byte
      continue;
    }
    if (marker === 0xd8 || (marker >= 0xd0 && marker <= 0xd7) || marker === 0x01) {
      i += 2;
      continue;
    }
    if (marker === 0xd9 || marker === 0xda) return null; // end of image / scan before any frame header
    const length = (data[i + 2]! << 8) | data[i + 3]!;
    if (length < 2) return null;
    if (isStartOfFrame(marker)) {
      if (i + 9 > data.length) return null;
      const height = (data[i + 5]! << 8) | data[i + 6]!;
      const width = (data[i + 7]! << 8) | data[i + 8]!;
      return width > 0 && height > 0 ? { width, height } : null;
    }
    i += 2 + length;
  }
  return null;
}
