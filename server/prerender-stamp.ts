import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import type { Config } from "./config";

export const STAMP_FILE = "prerender-stamp.json";

type Stamp = { site: string; publicUrl: string };

/**
 * Prerendered pages bake in the site identity (contacts, links) configured at
 * build time. The stamp records a hash of it, so the server serves those files
 * only while the configuration still matches. The public URL is left out of
 * the hash: the server rewrites it in the files when it differs.
 */
export function siteConfigHash(config: Config): string {
  const { publicUrl: _publicUrl, ...rest } = config.site;
  return createHash("sha256").update(JSON.stringify(rest)).digest("hex");
}

export function writePrerenderStamp(buildDir: string, config: Config): void {
  const stamp: Stamp = { site: siteConfigHash(config), publicUrl: config.PUBLIC_URL };
  fs.writeFileSync(path.join(buildDir, STAMP_FILE), JSON.stringify(stamp));
}

export function readPrerenderStamp(buildDir: string): Stamp | null {
  try {
    const stamp = JSON.parse(fs.readFileSync(path.join(buildDir, STAMP_FILE), "utf8")) as Partial<Stamp>;
    return typeof stamp.site === "string" && typeof stamp.publicUrl === "string" ? (stamp as Stamp) : null;
  } catch {
    return null;
  }
}

export function prerenderStampMatches(buildDir: string, config: Config): boolean {
  return readPrerenderStamp(buildDir)?.site === siteConfigHash(config);
}
