/**
 * The archive's container: a POSIX ustar file (what `tar` reads on every system), written and read in memory.
 * Only regular files with short, plain names are written or accepted: an archive is the site's own export,
 * and anything else in one means it is not.
 */

const BLOCK = 512;

export type TarEntry = { name: string; data: Buffer };

/** Names inside an archive: short relative paths of plain characters, never `..` or absolute. */
const SAFE_NAME = /^(?!.*\.\.)[A-Za-z0-9][A-Za-z0-9._\-/]{0,98}$/;

export function isSafeEntryName(name: string): boolean {
  return SAFE_NAME.test(name) && !name.endsWith("/");
}

function octal(value: number, width: number): string {
  return `${value.toString(8).padStart(width - 1, "0")}\0`;
}

function header(name: string, size: number, mtimeSeconds: number): Buffer {
  const block = Buffer.alloc(BLOCK, 0);
  block.write(name, 0, 100, "ascii");
  block.write(octal(0o644, 8), 100, "ascii");
  block.write(octal(0, 8), 108, "ascii");
  block.write(octal(0, 8), 116, "ascii");
  block.write(octal(size, 12), 124, "ascii");
  block.write(octal(mtimeSeconds, 12), 136, "ascii");
  block.write("        ", 148, "ascii");
  block.write("0", 156, "ascii");
  block.write("ustar\0", 257, "ascii");
  block.write("00", 263, "ascii");
  let sum = 0;
  for (const byte of block) sum += byte;
  block.write(`${sum.toString(8).padStart(6, "0")}\0 `, 148, "ascii");
  return block;
}

export function writeTar(entries: TarEntry[], mtime = new Date()): Buffer {
  const parts: Buffer[] = [];
  const seconds = Math.floor(mtime.getTime() / 1000);
  for (const entry of entries) {
    if (!isSafeEntryName(entry.name)) throw new Error(`unsafe archive entry name: ${entry.name}`);
    parts.push(header(entry.name, entry.data.length, seconds), entry.data);
    const pad = (BLOCK - (entry.data.length % BLOCK)) % BLOCK;
    if (pad) parts.push(Buffer.alloc(pad, 0));
  }
  parts.push(Buffer.alloc(BLOCK * 2, 0));
  return Buffer.concat(parts);
}

export class TarError extends Error {}

function readOctal(block: Buffer, offset: number, width: number): number {
  const text = block.toString("ascii", offset, offset + width).replace(/[\0 ]+$/, "").trim();
  if (!/^[0-7]+$/.test(text)) throw new TarError("a header field is not a number");
  return Number.parseInt(text, 8);
}

/** One header block's entry (a regular file), or null for the zero block that ends the archive; throws TarError. */
export function parseHeader(block: Buffer, names: Set<string>): { name: string; size: number } | null {
  if (block.every((b) => b === 0)) return null;
  const stored = readOctal(block, 148, 8);
  let sum = 0;
  for (let i = 0; i < BLOCK; i++) sum += i >= 148 && i < 156 ? 32 : block[i]!;
  if (sum !== stored) throw new TarError("an entry's header checksum does not match");
  const type = block.toString("ascii", 156, 157);
  if (type !== "0" && type !== "\0") throw new TarError("the archive holds something other than plain files");
  const name = block.toString("ascii", 0, 100).replace(/\0.*$/s, "");
  if (!isSafeEntryName(name) || names.has(name)) throw new TarError(`unexpected entry name: ${JSON.stringify(name)}`);
  names.add(name);
  return { name, size: readOctal(block, 124, 12) };
}

/** Reads every entry; throws TarError on anything but well-formed regular files. */
export function readTar(archive: Buffer): TarEntry[] {
  const entries: TarEntry[] = [];
  const names = new Set<string>();
  let offset = 0;
  for (;;) {
    if (offset + BLOCK > archive.length) throw new TarError("the archive ends in the middle of an entry");
    const entry = parseHeader(archive.subarray(offset, offset + BLOCK), names);
    if (!entry) return entries;
    const start = offset + BLOCK;
    if (start + entry.size > archive.length) throw new TarError("the archive ends in the middle of an entry");
    entries.push({ name: entry.name, data: Buffer.from(archive.subarray(start, start + entry.size)) });
    offset = start + Math.ceil(entry.size / BLOCK) * BLOCK;
  }
}

/**
 * Reads entries from a stream of tar bytes as they come, handing each entry's bytes to `onEntry` in pieces: the
 * caller decides what to keep, so a huge entry need not be held to be checked. Stops at the end-of-archive block.
 */
export async function readTarStream(
  chunks: AsyncIterable<Buffer>,
  onEntry: (name: string, size: number) => { data(piece: Buffer): void; end(): void },
): Promise<void> {
  const names = new Set<string>();
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  // Which entry the next bytes belong to, how many of its bytes are still to come, and the padding after it.
  let current: { data(piece: Buffer): void; end(): void } | null = null;
  let remaining = 0;
  let padding = 0;
  const take = (n: number): Buffer => {
    const all = pending.length === 1 ? pending[0]! : Buffer.concat(pending);
    pending = n < all.length ? [all.subarray(n)] : [];
    pendingBytes = all.length - n;
    return all.subarray(0, n);
  };
  for await (const chunk of chunks) {
    pending.push(chunk);
    pendingBytes += chunk.length;
    for (;;) {
      if (current) {
        if (remaining > 0) {
          if (pendingBytes === 0) break;
          const piece = take(Math.min(remaining, pendingBytes));
          remaining -= piece.length;
          current.data(piece);
          if (remaining > 0) break;
        }
        if (pendingBytes < padding) break;
        take(padding);
        current.end();
        current = null;
        continue;
      }
      if (pendingBytes < BLOCK) break;
      const entry = parseHeader(take(BLOCK), names);
      if (!entry) return;
      current = onEntry(entry.name, entry.size);
      remaining = entry.size;
      padding = (BLOCK - (entry.size % BLOCK)) % BLOCK;
    }
  }
  throw new TarError("the archive ends in the middle of an entry");
}
