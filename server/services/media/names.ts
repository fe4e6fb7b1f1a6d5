/** A served version's address. Its name is the upload's hash (its first 20 hex digits), its width and its format. */
export const mediaUrl = (name: string) => `/media/${name}`;

/** What a served version's name looks like: anything else is no file, without asking the database. */
export const MEDIA_NAME = /^[0-9a-f]{20}-\d{1,5}\.(?:webp|avif)$/;

export const mediaFileName = (hash: string, width: number, format: string) => `${hash.slice(0, 20)}-${width}.${format}`;

export const MEDIA_CONTENT_TYPES: Record<string, string> = { webp: "image/webp", avif: "image/avif" };
