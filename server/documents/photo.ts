/**
 * Photos written again without their metadata (decision 0021), with sharp:
 * turned upright by their EXIF orientation, at most PHOTO_MAX_SIDE pixels on
 * the long side, JPEG stays JPEG and PNG stays PNG, and nothing else kept: no
 * EXIF (so no GPS location, no camera, no time), no XMP, no ICC profile (the
 * pixels are converted to sRGB). sharp gathers the compressed input (at most
 * the per-file limit) before it decodes; decoding is bounded by
 * PHOTO_MAX_PIXELS, and at most PHOTOS_AT_ONCE photos are written again at
 * a time in this process (the others wait their turn), so 20 photos uploaded
 * at once hold two photos' memory, not twenty.
 */
import type { Readable } from "node:stream";
import sharp from "sharp";
import { turns } from "./turns";

/** The longest side a photo is kept at: a page of a document stays readable. */
export const PHOTO_MAX_SIDE = 3000;

/** The most pixels decoded (a 48-megapixel phone photo is about 49 million). */
export const PHOTO_MAX_PIXELS = 100_000_000;

/** Photos written again at the same time; each holds up to about 50 MB while it is. */
export const PHOTOS_AT_ONCE = 2;

/** A turn to write a photo again. */
const photoTurn = turns(PHOTOS_AT_ONCE);

// No cache of decoded images between requests, and one thread per image: the
// server shares its cores with the rest of the work.
sharp.cache(false);
sharp.concurrency(1);

/** The input could not be decoded as the photo it claimed to be, or was too large in pixels. */
export class PhotoError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "PhotoError";
  }
}

export type PhotoType = "image/jpeg" | "image/png";

export const isPhotoType = (mediaType: string | null): mediaType is PhotoType =>
  mediaType === "image/jpeg" || mediaType === "image/png";

/**
 * The photo `source` gives, written again as `mediaType`, piece by piece. A
 * photo that does not decode, or has more than PHOTO_MAX_PIXELS, fails with
 * a PhotoError.
 */
export async function* reencodePhoto(source: Readable, mediaType: PhotoType): AsyncGenerator<Buffer> {
  const release = await photoTurn();
  const image = sharp({ limitInputPixels: PHOTO_MAX_PIXELS, failOn: "error", sequentialRead: true })
    .rotate()
    .resize({ width: PHOTO_MAX_SIDE, height: PHOTO_MAX_SIDE, fit: "inside", withoutEnlargement: true });
  const output = mediaType === "image/png" ? image.png() : image.jpeg({ quality: 85, mozjpeg: true });
  source.once("error", (error) => output.destroy(error));
  source.pipe(output);
  try {
    for await (const piece of output) yield piece as Buffer;
  } catch (error) {
    throw new PhotoError("The photo could not be read.", { cause: error });
  } finally {
    source.destroy();
    output.destroy();
    release();
  }
}
