import { data } from "react-router";
import { POST_MESSAGES } from "@shared/content/studio-posts";
import { markdownToSections } from "@shared/post-markdown";
import type { Deps } from "../../server/context";
import type { PostChanges, StudioPost } from "../../server/services/blog/studio-post-fields";
import { getStudioPost } from "../../server/services/blog/studio-post-reads";
import type { Blog } from "../../server/services/blog/types";
import { isServiceError } from "../../server/services/errors";
import { pageError } from "./service-errors.server";

/** The editor's form as the post's fields (text stays as typed; the service checks it). */
export function changesFromForm(form: FormData): PostChanges {
  const text = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value : "";
  };
  const cover = text("coverMediaId").trim();
  const social = text("socialMediaId").trim();
  const translation = text("translationOf").trim();
  return {
    title: text("title"),
    slug: text("slug"),
    excerpt: text("excerpt"),
    author: text("author"),
    category: text("category"),
    tags: text("tags"),
    featured: form.get("featured") === "on" || form.get("featured") === "true",
    readTime: text("readTime"),
    // A cover number that is not a whole number is refused by the service like an unknown one.
    coverMediaId: cover === "" ? null : /^\d{1,15}$/.test(cover) ? Number(cover) : -1,
    coverAlt: text("coverAlt"),
    body: text("body"),
    metaTitle: text("metaTitle"),
    metaDescription: text("metaDescription"),
    socialMediaId: social === "" ? null : /^\d{1,15}$/.test(social) ? Number(social) : -1,
    // A form without the language fields (an older page) leaves them as stored; anything else the service checks.
    ...(form.has("language") ? { language: text("language") as PostChanges["language"] } : {}),
    ...(form.has("translationOf") ? { translationOf: translation === "" ? null : /^\d{1,15}$/.test(translation) ? Number(translation) : -1 } : {}),
  };
}

/** What the editor keeps showing after a refused save: exactly what was typed. */
export type EditorValues = Omit<StudioPost, "id" | "status" | "version" | "computedReadTime" | "words" | "publishedAt" | "scheduledAt" | "createdAt" | "updatedAt" | "authorUserId" | "views" | "likes"> & { scheduledAt: string };

export function valuesFromForm(form: FormData): EditorValues {
  const changes = changesFromForm(form);
  const text = (name: string) => (typeof form.get(name) === "string" ? (form.get(name) as string) : "");
  return {
    title: changes.title ?? "",
    slug: changes.slug ?? "",
    excerpt: changes.excerpt ?? "",
    author: changes.author ?? "",
    category: changes.category ?? "",
    tags: text("tags").split(",").map((t) => t.trim()).filter(Boolean),
    featured: Boolean(changes.featured),
    readTime: changes.readTime ?? "",
    coverMediaId: changes.coverMediaId && changes.coverMediaId > 0 ? changes.coverMediaId : null,
    coverAlt: changes.coverAlt ?? "",
    body: changes.body ?? "",
    metaTitle: changes.metaTitle ?? "",
    metaDescription: changes.metaDescription ?? "",
    socialMediaId: changes.socialMediaId && changes.socialMediaId > 0 ? changes.socialMediaId : null,
    language: changes.language === "hi" ? "hi" : "en",
    translationOf: changes.translationOf && changes.translationOf > 0 ? changes.translationOf : null,
    scheduledAt: text("scheduledAt"),
  };
}

/** `datetime-local` text in the editor's time zone (offset in minutes, as `Date#getTimezoneOffset`) → epoch ms. */
export function instantFromLocal(value: string, offsetMinutes: string): number | null {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/.test(value)) return null;
  const offset = /^-?\d{1,4}$/.test(offsetMinutes) ? Number(offsetMinutes) : 0;
  if (Math.abs(offset) > 14 * 60) return null;
  const utc = Date.parse(`${value}Z`);
  return Number.isNaN(utc) ? null : utc + offset * 60_000;
}

export type EditorAnswer =
  | { ok: true; message: string; version: number; status: string }
  | { ok: false; message: string; fieldErrors: Record<string, string>; values?: EditorValues; conflict?: boolean };

/** A refused write as the editor shows it: the message, the field at fault, the text as typed; its status. */
export function refusal(error: unknown, values?: EditorValues) {
  const problem = pageError(error);
  if (!problem) throw error;
  return data<EditorAnswer>(
    { ok: false, message: problem.detail, fieldErrors: problem.fieldErrors, ...(values ? { values } : {}), ...(problem.kind === "conflict" && problem.field === "version" ? { conflict: true } : {}) },
    { status: problem.status, headers: problem.headers },
  );
}

/** The post as the public page will show it once published (now, for a post not yet published). */
export function previewBlog(post: StudioPost, now = Date.now()): Blog {
  return {
    _id: String(post.id),
    id: post.id,
    slug: post.slug,
    title: post.title,
    excerpt: post.excerpt,
    author: post.author,
    date: new Date(post.status === "published" ? post.publishedAt : (post.scheduledAt ?? now)).toISOString(),
    readTime: post.readTime || post.computedReadTime,
    category: post.category,
    featured: post.featured,
    views: post.views,
    likes: post.likes,
    tags: post.tags,
    content: { sections: markdownToSections(post.body) },
    language: post.language,
  };
}

/** The post named by the address, or the studio's 404 (an id that is not a number names no post). */
export async function loadPost(deps: Deps, idText: string): Promise<StudioPost> {
  const id = /^\d{1,15}$/.test(idText) ? Number(idText) : 0;
  try {
    return await getStudioPost(deps, id);
  } catch (error) {
    if (isServiceError(error) && error.kind === "not-found") throw data({ message: POST_MESSAGES.notFound }, { status: 404 });
    throw error;
  }
}
