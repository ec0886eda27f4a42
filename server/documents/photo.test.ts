/**
 * Photos written again (decision 0021): upright, without metadata, PNG
 * staying PNG; a file that does not decode is a PhotoError; and no more than
 * PHOTOS_AT_ONCE are decoded at a time, whatever arrives together.
 */
import { Readable } from "node:stream";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { samplePng } from "../../test/support/document-files";
import { PHOTOS_AT_ONCE, PhotoError, reencodePhoto } from "./photo";

const collect = async (pieces: AsyncIterable<Buffer>) => {
  const all: Buffer[] = [];
  for await (const piece of pieces) all.push(piece);
  return Buffer.concat(all);
};

describe("photos written again", () => {
  it("keeps a PNG a PNG, without its EXIF", async () => {
    const tagged = await sharp(samplePng).withMetadata({ orientation: 1 }).keepExif().png().toBuffer();
    const out = await collect(reencodePhoto(Readable.from([tagged]), "image/png"));
    const metadata = await sharp(out).metadata();
    expect(metadata).toMatchObject({ format: "png", width: 2, height: 2 });
    expect(metadata.exif).toBeUndefined();
  });

  it("fails with a PhotoError on bytes that are not the photo they claim to be", async () => {
    const broken = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(2000, 7)]);
    await expect(collect(reencodePhoto(Readable.from([broken]), "image/jpeg"))).rejects.toThrow(PhotoError);
  });

  it(`decodes at most ${PHOTOS_AT_ONCE} at a time; the others wait their turn`, async () => {
    const photo = await sharp({ create: { width: 1200, height: 900, channels: 3, background: "#808080" } })
      .jpeg()
      .toBuffer();
    let reading = 0;
    let most = 0;
    const source = () =>
      Readable.from(
        (async function* () {
          reading += 1;
          most = Math.max(most, reading);
          try {
            yield photo;
            await new Promise((resolve) => setTimeout(resolve, 50));
          } finally {
            reading -= 1;
          }
        })(),
      );
    const outs = await Promise.all(
      Array.from({ length: 6 }, () => collect(reencodePhoto(source(), "image/jpeg"))),
    );
    expect(outs.every((out) => out.subarray(0, 3).equals(Buffer.from([0xff, 0xd8, 0xff])))).toBe(true);
    expect(most).toBe(PHOTOS_AT_ONCE);
  });
});
