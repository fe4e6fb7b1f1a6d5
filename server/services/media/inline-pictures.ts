import { inlineMediaIds } from "../../../shared/post-marks";
import type { Deps } from "../../context";
import { MEDIA_RULES } from "../../../shared/content/studio-media";
import { mediaUrl } from "./names";

/** A library picture a post shows inline: its versions, like a cover's (the post gives its alt text and caption). */
export type InlinePicture = { src: string; srcSet: string; avifSrcSet?: string; width: number; height: number };

/** At most this many pictures are looked up for one post (a body naming thousands costs one bounded query). */
const MAX_PICTURES = 50;

/** The files of the library pictures `sections` show inline (`![alt](media:ID)`), by media id; missing ones are absent. */
export async function inlinePicturesFor(deps: Pick<Deps, "db">, sections: ReadonlyArray<{ content: readonly string[] }>): Promise<Record<number, InlinePicture>> {
  const ids = inlineMediaIds(sections).slice(0, MAX_PICTURES);
  const out: Record<number, InlinePicture> = {};
  if (ids.length === 0) return out;
  const rows = await deps.db.kysely
    .selectFrom("media_files")
    .select(["media_id", "name", "format", "width", "height"])
    .where("media_id", "in", ids)
    .orderBy("width")
    .execute();
  const byId = new Map<number, typeof rows>();
  for (const r of rows) {
    const id = Number(r.media_id);
    byId.set(id, [...(byId.get(id) ?? []), r]);
  }
  for (const [id, files] of byId) {
    const webp = files.filter((f) => f.format === "webp");
    const main = webp.filter((f) => Number(f.width) <= MEDIA_RULES.coverWidth).at(-1) ?? webp[0];
    if (!main) continue;
    const set = (format: string) =>
      files
        .filter((f) => f.format === format)
        .map((f) => `${mediaUrl(f.name)} ${Number(f.width)}w`)
        .join(", ");
    const avif = set("avif");
    out[id] = { src: mediaUrl(main.name), srcSet: set("webp"), ...(avif ? { avifSrcSet: avif } : {}), width: Number(main.width), height: Number(main.height) };
  }
  return out;
}
