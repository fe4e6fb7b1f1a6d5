/** The studio's media library: rules for uploads and the copy of its page, messages and cover field. */

export const MEDIA_RULES = {
  /** The largest image file accepted (10 MiB). */
  maxFileBytes: 10 * 1024 * 1024,
  /** The upload route's body limit: the file plus the multipart envelope around it. */
  maxBodyBytes: 10 * 1024 * 1024 + 64 * 1024,
  /** Decoding a larger picture costs too much memory and time (e.g. 8000 by 5000). */
  maxInputPixels: 40_000_000,
  /** The longest side of any version: WebP cannot be larger (16383 px); a long image's versions are narrower to fit. */
  maxSide: 16383,
  /** The widths made of every upload (never wider than the original). */
  widths: [480, 960, 1600] as const,
  /** The version the API's `image` field names and social previews use. */
  coverWidth: 960,
  /** AVIF is kept only when it is at most this share of the WebP's bytes. */
  avifMaxShare: 0.85,
  /**
   * Uploads processed at once by one server process; more wait in line, up to `queueLength`. One: an upload's
   * encoders hold about 100 MB beside the process's own (AVIF's alone 60 MB at 1600 px), and uploads are rare.
   */
  concurrentUploads: 1,
  queueLength: 4,
  /** Uploads per staff account per hour. */
  uploadsPerHour: 120,
  /** Longest original file name kept (shown in the library). */
  maxNameLength: 200,
  /** Longest alt text of a cover. */
  maxAltLength: 300,
} as const;

/** The formats accepted, by what sharp decodes them as, with the MIME type recorded. */
export const MEDIA_ACCEPTED = { jpeg: "image/jpeg", png: "image/png", webp: "image/webp", avif: "image/avif" } as const;
export const MEDIA_ACCEPT_ATTRIBUTE = "image/jpeg,image/png,image/webp,image/avif";

export const MEDIA_MESSAGES = {
  noFile: "Choose an image file to upload.",
  empty: "The file is empty. Choose an image file.",
  tooLarge: "The image is larger than 10 MB. Export it smaller and try again.",
  notImage: "This file is not an image we can read. Upload a JPEG, PNG, WebP or AVIF image.",
  wrongFormat: (format: string) => `${format.toUpperCase()} images are not accepted. Upload a JPEG, PNG, WebP or AVIF image.`,
  animated: "Animated images are not accepted. Upload a still JPEG, PNG, WebP or AVIF image.",
  tooManyPixels: "The image has too many pixels (over 40 megapixels). Make it smaller and try again.",
  tooLong: "The image is too long and narrow to show on the web. Crop it and try again.",
  busy: "The server is busy processing other images. Try again in a few seconds.",
  tooMany: "Too many uploads in the last hour. Please try again later.",
  notFound: "That image is not in the library.",
  inUse: (titles: string[]) =>
    `This image is the cover of ${titles.map((t) => `“${t}”`).join(", ")}. Choose another cover for ${titles.length === 1 ? "that post" : "those posts"} first.`,
  uploaded: "Image uploaded.",
  alreadyThere: "This image is already in the library.",
  deleted: "Image deleted.",
  bodyTooLarge: "The upload is larger than 10 MB.",
  multipartOnly: "Send the image as multipart/form-data in the field “file”.",
};

export const MEDIA_PAGE = {
  title: "Media",
  intro: "Images for covers. Each upload is checked, stripped of its metadata (location included) and resized to WebP and AVIF.",
  uploadHeading: "Upload an image",
  fileLabel: "Image file",
  fileHint: "JPEG, PNG, WebP or AVIF, up to 10 MB.",
  uploadButton: "Upload",
  uploading: "Uploading…",
  libraryHeading: "Library",
  tableCaption: "Images in the library",
  empty: "No images yet. Upload the first one above.",
  columns: { image: "Image", name: "Name", size: "Size", dimensions: "Dimensions", usedBy: "Used by", actions: "Actions" },
  unused: "Not used",
  delete: "Delete",
  deleteConfirm: (name: string) => `Delete “${name}”? It cannot be undone.`,
  confirmDelete: "Delete image",
  cancel: "Cancel",
  versions: (n: number) => `${n} version${n === 1 ? "" : "s"}`,
};

export const COVER_FIELD = {
  legend: "Cover image",
  numberLabel: "Image number (from Media)",
  numberHint: "lists each image with its number (#). Leave empty for no cover.",
  none: "No cover: the post shows drawn cover art.",
  choose: "Choose from the library",
  upload: "Upload a new image",
  remove: "Remove cover",
  altLabel: "Alt text",
  altHint: "Describe the image for people who cannot see it.",
  libraryLabel: "Library",
  loading: "Loading the library…",
  loadFailed: "The library could not be loaded.",
  retry: "Try again",
  emptyLibrary: "The library is empty: upload an image.",
  progress: (percent: number) => `Uploading… ${percent}%`,
  uploadFailed: "The upload failed. Check your connection and try again.",
  selected: "Selected",
  select: (name: string) => `Use ${name} as the cover`,
};

/** The message of an outcome code the upload API puts in the library page's address after a form post (never free text). */
export function mediaOutcomeMessage(code: string | null): string | undefined {
  if (!code) return undefined;
  const format = /^format-([a-z0-9]{2,10})$/.exec(code)?.[1];
  if (format) return MEDIA_MESSAGES.wrongFormat(format);
  const message = (MEDIA_MESSAGES as Record<string, unknown>)[code];
  return typeof message === "string" ? message : COVER_FIELD.uploadFailed;
}
