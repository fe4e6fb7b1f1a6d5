import type { APIRequestContext, Page } from "@playwright/test";
import { withSamplePosts } from "./samples";

/**
 * Every public page in Hindi (issue 33): the pages the spec lists, a blog post, the account pages with a bad
 * token, the newsletter's pages and a 404. Shared by the Hindi quality specs (no English, axe).
 */
export const HINDI_PAGES: readonly string[] = [
  "/hi",
  "/hi/about",
  "/hi/contact",
  "/hi/ai-help",
  "/hi/blogs",
  "/hi/services",
  "/hi/blogs-advanced",
  "/hi/sign-in",
  "/hi/get-started",
  "/hi/forgot-password",
  "/hi/reset-password?token=not-a-real-token",
  "/hi/verify-email?token=not-a-real-token",
  "/hi/newsletter/subscribe",
  "/hi/newsletter/confirm?token=not-a-real-token",
  "/hi/newsletter/unsubscribe?token=not-a-real-token",
  "/hi/privacy",
  "/hi/terms",
  "/hi/refund",
  "/hi/no-such-page",
];

/** The Hindi pages plus one sample post's Hindi address (the samples are added first if this server has none). */
export async function hindiPagesWithPost(request: APIRequestContext): Promise<string[]> {
  await withSamplePosts(request);
  const listing = (await (await request.get("/api/blogs?limit=1")).json()) as { data: { slug: string }[] };
  const slug = listing.data[0]?.slug;
  return slug ? [...HINDI_PAGES, `/hi/blog/${encodeURIComponent(slug)}`] : [...HINDI_PAGES];
}

/** Responses a page with a bad token or no such page answers with on purpose (the browser logs them). */
export const EXPECTED_PAGE_ERRORS = /status of 4\d\d|404|410|400/;

/**
 * Every text a visitor may read or hear on the page as it is now, with where it is: the text of each block (the
 * inline pieces of a block joined, so a name split over two spans reads whole), hidden blocks too (a closed
 * dialog, the next slide, a control shown without JavaScript: any of them can be shown), the `alt`, `aria-label`,
 * `title`, `placeholder` of every element and a button-like input's value, the document's title and description.
 * Nothing inside an element marked `lang="en"` (an English post, the language switch's "English").
 */
export async function pageTexts(page: Page, label: string): Promise<{ where: string; text: string }[]> {
  const found = await page.evaluate(() => {
    const out: { where: string; text: string }[] = [];
    const english = (el: Element | null) => {
      const tagged = el?.closest("[lang]");
      return !!tagged && /^en\b/i.test(tagged.getAttribute("lang") ?? "");
    };
    const describe = (el: Element) => {
      const id = el.id ? `#${el.id}` : "";
      const testId = el.getAttribute("data-testid") ? `[data-testid=${el.getAttribute("data-testid")}]` : "";
      const landmark = el.closest("header, nav, main, footer, dialog, [role=dialog], aside");
      return `${landmark && landmark !== el ? `${landmark.tagName.toLowerCase()} ` : ""}${el.tagName.toLowerCase()}${id}${testId}`;
    };
    const SKIP = new Set(["SCRIPT", "STYLE", "NOSCRIPT", "TEMPLATE"]);
    const blockOf = (node: Node): Element => {
      let el = node.parentElement!;
      while (el.parentElement && el !== document.body) {
        const display = getComputedStyle(el).display;
        if (display !== "inline" && display !== "contents") break;
        el = el.parentElement;
      }
      return el;
    };
    const blocks = new Map<Element, string>();
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      if (!parent || SKIP.has(parent.tagName) || parent.closest("script, style, noscript, template") || english(parent)) continue;
      const text = node.textContent ?? "";
      if (!text.trim()) continue;
      const block = blockOf(node);
      blocks.set(block, `${blocks.get(block) ?? ""}${text}`);
    }
    for (const [block, text] of blocks) out.push({ where: describe(block), text: text.replace(/\s+/g, " ").trim() });

    const ATTRIBUTES = ["alt", "aria-label", "title", "placeholder", "aria-placeholder", "aria-roledescription", "aria-valuetext"];
    for (const el of Array.from(document.body.querySelectorAll("*"))) {
      if (SKIP.has(el.tagName) || english(el)) continue;
      for (const name of ATTRIBUTES) {
        const value = el.getAttribute(name);
        if (value && value.trim()) out.push({ where: `${describe(el)}[${name}]`, text: value });
      }
      if (el instanceof HTMLInputElement && ["submit", "button", "reset"].includes(el.type) && el.value) {
        out.push({ where: `${describe(el)}[value]`, text: el.value });
      }
    }
    if (!english(document.documentElement)) {
      out.push({ where: "title", text: document.title });
      const description = document.querySelector('meta[name="description"]')?.getAttribute("content");
      if (description) out.push({ where: 'meta[name="description"]', text: description });
    }
    return out;
  });
  return found.map((f) => ({ where: `${label} ${f.where}`, text: f.text }));
}

/** Opens every `<details>` (an FAQ answer, a folded section) so its text counts as shown. */
export async function openAllDetails(page: Page): Promise<void> {
  await page.evaluate(() => document.querySelectorAll("details").forEach((d) => (d.open = true)));
}
