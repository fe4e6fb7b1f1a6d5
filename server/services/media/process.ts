import type { Metadata, OutputInfo, default as Sharp } from "sharp";
import { type MEDIA_ACCEPTED, MEDIA_MESSAGES, MEDIA_RULES } from "../../../shared/content/studio-media";
import { invalid } from "../errors";

export type AcceptedFormat = keyof typeof MEDIA_ACCEPTED;

/** One sized version of an upload, ready to store. */
export type SizedFile = { format: "webp" | "avif"; width: number; height: number; data: Buffer };

export type ProcessedImage = {
  /** The format the bytes really are (never the name or the declared type). */
  format: AcceptedFormat;
  /** Upright size (after EXIF orientation). */
  width: number;
  height: number;
  files: SizedFile[];
};

let loaded: Promise<typeof Sharp> | undefined;

/**
 * sharp (libvips, ~18 MB resident) is loaded by the first upload, not with the module: the server bundle inlines this
 * module's dynamic import (library.ts), so only an import here keeps a process that never receives an upload from
 * carrying it.
 */
function loadSharp(): Promise<typeof Sharp> {
  loaded ??= import("sharp").then(({ default: sharp }) => {
    // libvips' operation cache would keep decoded pixels of past uploads (up to 50 MB) for a repeat that never
    // comes: each upload is new bytes.
    sharp.cache(false);
    return sharp;
  });
  return loaded;
}

const WEBP = { quality: 80, effort: 4 } as const;
// Effort 2 of 9: AVIF's encoder is the slow part of an upload; higher efforts saved a few per cent more bytes for
// several times the time (measured with bench:media).
const AVIF = { quality: 52, effort: 2 } as const;

/**
 * What sharp's header read says the bytes are, refused with a message the uploader can act on when they are not a
 * still JPEG, PNG, WebP or AVIF image within the pixel bound. Reading the header decodes no pixels.
 */
async function inspect(sharp: typeof Sharp, bytes: Buffer): Promise<{ format: AcceptedFormat; width: number; height: number }> {
  let meta: Metadata;
  try {
    // No pixel limit on the header read itself (it decodes nothing): an image over the limit is then told so below,
    // instead of sharp's refusal reading as "not an image".
    meta = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch {
    throw invalid(MEDIA_MESSAGES.notImage, "file");
  }
  const format = acceptedFormat(meta);
  if (!format) throw invalid(meta.format ? MEDIA_MESSAGES.wrongFormat(meta.format === "heif" ? "HEIC" : meta.format) : MEDIA_MESSAGES.notImage, "file");
  if ((meta.pages ?? 1) > 1) throw invalid(MEDIA_MESSAGES.animated, "file");
  const { width, height } = meta;
  if (!width || !height) throw invalid(MEDIA_MESSAGES.notImage, "file");
  if (width * height > MEDIA_RULES.maxInputPixels) throw invalid(MEDIA_MESSAGES.tooManyPixels, "file");
  // Orientations 5 to 8 turn the picture a quarter: its upright width is the stored height.
  const turned = (meta.orientation ?? 1) >= 5;
  return { format, width: turned ? height : width, height: turned ? width : height };
}

function acceptedFormat(meta: Metadata): AcceptedFormat | undefined {
  switch (meta.format) {
    case "jpeg":
    case "png":
    case "webp":
      return meta.format;
    // libheif reads both AVIF (AV1) and HEIC (HEVC); only AVIF is accepted.
    case "heif":
      return meta.compression === "av1" ? "avif" : undefined;
    default:
      return undefined;
  }
}

/**
 * The widths made of an image `width` × `height`: the standard ones below it, and itself up to the largest (never
 * upscaled); none so wide that its height passes `maxSide` (WebP's limit), so a long image's versions are narrower.
 * Empty when even a one-pixel-wide version would be too long.
 */
export function targetWidths(width: number, height = width): number[] {
  const largest = MEDIA_RULES.widths[MEDIA_RULES.widths.length - 1]!;
  // The widest version whose height (rounded as the resize rounds it) stays within the limit.
  const fits = Math.min(width, Math.floor((MEDIA_RULES.maxSide * width) / height));
  if (fits < 1) return [];
  const widths: number[] = MEDIA_RULES.widths.filter((w) => w < fits);
  widths.push(Math.min(fits, largest));
  return [...new Set(widths)];
}

/**
 * Checks that `bytes` are an image of an accepted format and makes its versions: upright (EXIF orientation applied),
 * without any metadata (EXIF, GPS, XMP, IPTC and ICC are dropped; colours are converted to sRGB), as WebP at each
 * target width and as AVIF where it is clearly smaller. Decoding happens once, to the largest version's pixels, on
 * libvips' threads; the smaller versions are made from those pixels.
 */
export async function processImage(bytes: Buffer): Promise<ProcessedImage> {
  const sharp = await loadSharp();
  const { format, width, height } = await inspect(sharp, bytes);
  const widths = targetWidths(width, height);
  if (widths.length === 0) throw invalid(MEDIA_MESSAGES.tooLong, "file");
  const largest = widths[widths.length - 1]!;

  let base: { data: Buffer; info: OutputInfo };
  try {
    base = await sharp(bytes, { limitInputPixels: MEDIA_RULES.maxInputPixels, failOn: "error", sequentialRead: true })
      .rotate()
      .resize({ width: largest, withoutEnlargement: true })
      .toColourspace("srgb")
      // 8 bits a channel whatever the input's depth (a 16-bit PNG): what the encoders below are given.
      .raw({ depth: "uchar" })
      .toBuffer({ resolveWithObject: true });
  } catch {
    // A header that parses over pixels that do not (a truncated or damaged file).
    throw invalid(MEDIA_MESSAGES.notImage, "file");
  }
  const raw = { width: base.info.width, height: base.info.height, channels: base.info.channels };
  const pixels = () => sharp(base.data, { raw });

  // One encoder at a time: AVIF's holds some 100 MB while it works, and three at once tripled an upload's peak
  // memory for little gain in time on a machine whose cores serve pages too.
  const files: SizedFile[] = [];
  for (const w of widths) {
    const sized = w === raw.width ? pixels() : pixels().resize({ width: w });
    const webp = await sized.clone().webp(WEBP).toBuffer({ resolveWithObject: true });
    files.push({ format: "webp", width: webp.info.width, height: webp.info.height, data: webp.data });
    const avif = await sized.clone().avif(AVIF).toBuffer({ resolveWithObject: true });
    if (avif.data.length <= webp.data.length * MEDIA_RULES.avifMaxShare) {
      files.push({ format: "avif", width: avif.info.width, height: avif.info.height, data: avif.data });
    }
  }
  return { format, width, height, files };
}
