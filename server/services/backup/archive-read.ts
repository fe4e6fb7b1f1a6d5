/**
 * The owner's archive read and checked before anything is written: streamed through gunzip under a size limit, its
 * manifest first, every entry against its checksum, the signature against this site's key, every table's rows.
 */
import { createHash } from "node:crypto";
import fs from "node:fs";
import { Readable } from "node:stream";
import { createGunzip } from "node:zlib";
import { ServiceError } from "../errors";
import { ARCHIVE_FORMAT, ARCHIVE_VERSION, MANIFEST, type Manifest, refuse, SIGNATURE, verify } from "./archive-format";
import type { Row } from "./catalogue";
import { ARCHIVED_TABLES } from "./tables";
import { readTarStream, TarError } from "./tar";

/** Where an archive comes from: its bytes, or a file read as a stream (never whole into memory before its checks). */
export type ArchiveSource = Buffer | { file: string };

const MIB = 1024 ** 2;
/** The manifest is the archive's first entry and small (names and checksums): more is not one of ours. */
const MANIFEST_MAX_BYTES = 16 * MIB;
/**
 * The most an archive may unpack to: 64 MiB, plus 100 times its packed size. The site's archives are mostly JSON
 * (about 14 times smaller packed) and media already compressed (about 1); a gzip bomb packs 1,000 to 1. Counted as
 * the bytes come out of gunzip, so a bomb is refused after at most this much, never inflated whole.
 */
export const INFLATE_FLOOR_BYTES = 64 * MIB;
export const INFLATE_RATIO = 100;
const INFLATE_MAX_BYTES = 4 * 1024 * MIB;

export function inflateLimit(packedBytes: number): number {
  return Math.min(INFLATE_MAX_BYTES, INFLATE_FLOOR_BYTES + INFLATE_RATIO * packedBytes);
}

class Refusal extends Error {}

/** gunzip's output as it comes, stopping (and closing the input) past `limit` bytes. */
async function* inflate(source: ArchiveSource, limit: number): AsyncGenerator<Buffer> {
  const input: Readable = Buffer.isBuffer(source) ? Readable.from([source]) : fs.createReadStream(source.file);
  const gunzip = createGunzip();
  input.on("error", (error) => gunzip.destroy(error));
  input.pipe(gunzip);
  let total = 0;
  try {
    for await (const chunk of gunzip as AsyncIterable<Buffer>) {
      total += chunk.length;
      if (total > limit) {
        throw new Refusal(
          `The archive unpacks to more than ${Math.round(limit / MIB)} MB (over ${INFLATE_RATIO} times its size plus ${INFLATE_FLOOR_BYTES / MIB} MB): ` +
            "it is not one of this site's archives (a damaged file or a decompression bomb). Nothing was imported.",
        );
      }
      yield chunk;
    }
  } finally {
    input.destroy();
    gunzip.destroy();
  }
}

type Read = { manifestBytes: Buffer; manifest: Manifest; signature?: Buffer; byName: Map<string, Buffer> };

/**
 * Streams the archive once, checking as it goes: the manifest comes first, every other entry is listed in it and
 * matches its checksum, nothing listed is missing. `keep` false holds nothing but the manifest (a first pass that
 * costs a bomb or a damaged file no memory); true keeps the entries for the import.
 */
async function readArchive(source: ArchiveSource, keep: boolean): Promise<Read> {
  const packed = Buffer.isBuffer(source) ? source.length : fs.statSync(source.file).size;
  let manifestBytes: Buffer | undefined;
  let manifest: Manifest | undefined;
  let signature: Buffer | undefined;
  const byName = new Map<string, Buffer>();
  const seen = new Set<string>();
  try {
    await readTarStream(inflate(source, inflateLimit(packed)), (name, size) => {
      if (!manifest) {
        if (name !== MANIFEST || size > MANIFEST_MAX_BYTES) throw new Refusal("This is not a Wise Parrot archive: it has no Wise Parrot manifest.");
      } else if (name === SIGNATURE) {
        if (size > 4096) throw new Refusal("The archive is damaged: its signature is not one.");
      } else if (!Object.hasOwn(manifest.entries, name)) {
        throw new Refusal(`The archive holds a file its manifest does not list: ${name}.`);
      }
      const pieces: Buffer[] = [];
      const hash = createHash("sha256");
      const whole = name === MANIFEST || name === SIGNATURE || keep;
      return {
        data(piece) {
          hash.update(piece);
          if (whole) pieces.push(piece);
        },
        end() {
          const data = Buffer.concat(pieces);
          if (name === MANIFEST) {
            manifestBytes = data;
            manifest = parseManifest(data);
            return;
          }
          if (name === SIGNATURE) {
            signature = data;
            return;
          }
          if (hash.digest("hex") !== manifest!.entries[name]) throw new Refusal(`The archive is damaged: ${name} does not match its checksum.`);
          seen.add(name);
          if (keep) byName.set(name, data);
        },
      };
    });
  } catch (error) {
    if (error instanceof Refusal) return refuse(error.message);
    if (error instanceof TarError) return refuse(`The archive is damaged: ${error.message}.`);
    if (error instanceof ServiceError) throw error;
    return refuse("This is not a Wise Parrot archive, or it is damaged: it is not a complete .tar.gz file.");
  }
  if (!manifest || !manifestBytes) return refuse("This is not a Wise Parrot archive: it has no Wise Parrot manifest.");
  for (const name of Object.keys(manifest.entries)) {
    if (!seen.has(name)) return refuse(`The archive is damaged: ${name} is missing.`);
  }
  return { manifestBytes, manifest, signature, byName };
}

function parseManifest(bytes: Buffer): Manifest {
  let manifest: Manifest | undefined;
  try {
    manifest = JSON.parse(bytes.toString("utf8")) as Manifest;
  } catch {
    manifest = undefined;
  }
  if (!manifest || manifest.format !== ARCHIVE_FORMAT || typeof manifest.entries !== "object" || !manifest.entries || typeof manifest.tables !== "object" || !manifest.tables) {
    throw new Refusal("This is not a Wise Parrot archive: it has no Wise Parrot manifest.");
  }
  if (manifest.version !== ARCHIVE_VERSION) {
    throw new Refusal(`This archive is format version ${String(manifest.version)}; this site reads version ${ARCHIVE_VERSION}.`);
  }
  return manifest;
}

export type Checked = { manifest: Manifest; tables: Record<string, Row[]>; files: Map<string, Buffer>; trust: ReturnType<typeof verify> };

/** Every check before the first write: a damaged or foreign archive changes nothing. */
export async function checkArchive(source: ArchiveSource, key: Buffer | undefined): Promise<Checked> {
  await readArchive(source, false);
  const { manifestBytes, manifest, signature, byName } = await readArchive(source, true);
  const trust = verify(key, manifestBytes, signature);
  const tables: Record<string, Row[]> = {};
  const files = new Map<string, Buffer>();
  for (const [name, count] of Object.entries(manifest.tables)) {
    const spec = ARCHIVED_TABLES[name];
    if (!spec) return refuse(`The archive holds a table this site does not know: ${name}.`);
    let rows: unknown;
    try {
      rows = JSON.parse(byName.get(`tables/${name}.json`)?.toString("utf8") ?? "null");
    } catch {
      rows = null;
    }
    if (!Array.isArray(rows) || rows.length !== count || !rows.every((r) => r && typeof r === "object" && !Array.isArray(r))) {
      return refuse(`The archive is damaged: tables/${name}.json does not hold its ${count} rows.`);
    }
    for (const row of rows as Row[]) {
      for (const value of Object.values(row)) {
        if (value !== null && typeof value !== "string" && typeof value !== "number") {
          return refuse(`The archive is damaged: tables/${name}.json holds a value that is not text or a number.`);
        }
      }
      if (spec.file) {
        const fileName = row[spec.file.column];
        const bytes = typeof fileName === "string" ? byName.get(fileName) : undefined;
        if (!bytes || fileName !== `${spec.file.folder}/${String(row[spec.file.nameColumn])}`) {
          return refuse(`The archive is damaged: a file of ${name} is missing.`);
        }
        files.set(fileName as string, bytes);
      }
    }
    tables[name] = rows as Row[];
  }
  return { manifest, tables, files, trust };
}
