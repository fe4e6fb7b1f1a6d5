import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import type { MiddlewareHandler } from "hono";
import { asBytes } from "./bytes";
import { pickEncoding } from "./compress";

const TYPES: Record<string, string> = {
  ".js": "text/javascript; charset=utf-8",
  ".mjs": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".html": "text/html; charset=utf-8",
  ".json": "application/json; charset=utf-8",
  ".webmanifest": "application/manifest+json; charset=utf-8",
  ".txt": "text/plain; charset=utf-8",
  ".xml": "application/xml; charset=utf-8",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".jpeg": "image/jpeg",
  ".webp": "image/webp",
  ".avif": "image/avif",
  ".ico": "image/x-icon",
  ".woff2": "font/woff2",
  ".data": "text/x-script; charset=utf-8",
};

type Variant = { body: Buffer; encoding: "br" | "gzip" | null };
type StaticFile = { type: string; etag: string; immutable: boolean; identity: Buffer; br?: Buffer; gzip?: Buffer };

/**
 * Loads the built client files into memory once (they are small) with their
 * pre-compressed .br/.gz twins. Fingerprinted files under /assets/ are
 * cached for a year as immutable; the rest revalidate with an ETag.
 */
export function loadStaticFiles(root: string): Map<string, StaticFile> {
  const files = new Map<string, StaticFile>();
  if (!fs.existsSync(root)) return files;
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const abs = path.join(dir, entry.name);
      if (entry.isDirectory()) {
        walk(abs);
        continue;
      }
      if (/\.(br|gz)$/.test(entry.name) || entry.name.endsWith(".html") || entry.name.endsWith(".data")) continue;
      const urlPath = `/${path.relative(root, abs).split(path.sep).join("/")}`;
      const identity = fs.readFileSync(abs);
      const read = (suffix: string) => (fs.existsSync(abs + suffix) ? fs.readFileSync(abs + suffix) : undefined);
      files.set(urlPath, {
        type: TYPES[path.extname(entry.name).toLowerCase()] ?? "application/octet-stream",
        etag: `"${createHash("sha1").update(identity).digest("base64url").slice(0, 20)}"`,
        immutable: urlPath.startsWith("/assets/"),
        identity,
        br: read(".br"),
        gzip: read(".gz"),
      });
    }
  };
  walk(root);
  return files;
}

function chooseVariant(file: StaticFile, acceptEncoding: string | undefined): Variant {
  const wanted = pickEncoding(acceptEncoding);
  if (wanted === "br" && file.br) return { body: file.br, encoding: "br" };
  if ((wanted === "br" || wanted === "gzip") && file.gzip && /\bgzip\b/i.test(acceptEncoding ?? "")) {
    return { body: file.gzip, encoding: "gzip" };
  }
  return { body: file.identity, encoding: null };
}

export function serveStatic(files: Map<string, StaticFile>): MiddlewareHandler {
  return async (c, next) => {
    if (c.req.method !== "GET" && c.req.method !== "HEAD") return next();
    let pathname: string;
    try {
      pathname = decodeURIComponent(new URL(c.req.url).pathname);
    } catch {
      return next();
    }
    const file = files.get(pathname);
    if (!file) {
      if (pathname.startsWith("/assets/")) {
        return c.body("Not found", 404, { "content-type": "text/plain; charset=utf-8", "cache-control": "no-store" });
      }
      return next();
    }
    const headers: Record<string, string> = {
      "content-type": file.type,
      etag: file.etag,
      "cache-control": file.immutable ? "public, max-age=31536000, immutable" : "public, max-age=3600, must-revalidate",
      vary: "Accept-Encoding",
    };
    if (c.req.header("if-none-match") === file.etag) return c.body(null, 304, headers);
    const variant = chooseVariant(file, c.req.header("accept-encoding"));
    if (variant.encoding) headers["content-encoding"] = variant.encoding;
    headers["content-length"] = String(variant.body.length);
    if (c.req.method === "HEAD") return c.body(null, 200, headers);
    return c.body(asBytes(variant.body), 200, headers);
  };
}
