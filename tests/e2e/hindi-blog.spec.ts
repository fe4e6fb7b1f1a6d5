/**
 * The blog in two languages (issue 33): an editor writes an English post and its Hindi translation in the studio;
 * /hi/blogs lists the Hindi post before English ones, which are marked "English" (lang="en"); the two post pages
 * link to each other; each is canonical at its own language's address with hreflang to the other; the sitemap
 * pairs them; /blogs marks the Hindi post "हिन्दी"; a search in Hindi on /hi/blogs finds it.
 */
import type { BrowserContext, Page } from "@playwright/test";
import { HINT_COOKIE } from "../../server/http/cookies";
import { type Db, openDatabase } from "../../server/db/database";
import { deletePost } from "../../server/services/blog/studio-posts";
import { COMMAND_LINE } from "../../server/services/audit";
import { BLOG_LISTING_HI } from "../../shared/content/hi/blog";
import { testDeps } from "../helpers/deps";
import { staffWithSession } from "../helpers/studio-staff";
import { expectAccessible } from "./a11y";
import { expect, test, waitForHydration } from "./fixtures";
import { withSamplePosts } from "./samples";

let db: Db;
const created: number[] = [];
test.beforeAll(async ({ server }) => {
  db = await openDatabase(server.databaseUrl);
});
// Hindi posts live at /hi/blog/…: they leave this worker's server when done, so specs that walk every post of the
// English listing (the sitemap's) meet none.
test.afterAll(async () => {
  for (const id of created) await deletePost(testDeps(db), COMMAND_LINE, id).catch(() => {});
  await db?.close();
});

async function signIn(context: BrowserContext, baseUrl: string) {
  const staff = await staffWithSession(testDeps(db), "hindi.blog.e2e@example.com", "editor");
  await context.addCookies([
    { name: "wp_session", value: staff.token, url: baseUrl, httpOnly: true, sameSite: "Lax" },
    { name: HINT_COOKIE, value: "1", url: baseUrl, sameSite: "Lax" },
  ]);
}

/** Writes and publishes a post in the studio; its id. */
async function publish(page: Page, fields: { title: string; slug: string; excerpt: string; body: string; language?: "Hindi"; translationOf?: RegExp }) {
  await page.goto("/studio/posts/new");
  await page.getByLabel("Title").fill(fields.title);
  await page.getByLabel("Slug").fill(fields.slug);
  await page.getByLabel("Excerpt").fill(fields.excerpt);
  await page.getByLabel("Body").fill(fields.body);
  if (fields.language) await page.getByLabel("Language").selectOption({ label: fields.language });
  if (fields.translationOf) {
    const select = page.getByLabel("Translation of");
    const label = (await select.locator("option").allTextContents()).find((t) => fields.translationOf!.test(t));
    expect(label, "the English post is offered as the translation").toBeTruthy();
    await select.selectOption({ label: label! });
  }
  await page.getByRole("button", { name: "Create draft" }).click();
  await expect(page).toHaveURL(/\/studio\/posts\/\d+$/);
  const id = Number(/\/studio\/posts\/(\d+)$/.exec(page.url())![1]);
  created.push(id);
  await page.getByRole("button", { name: "Publish now" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Published." })).toBeVisible();
  return id;
}

test("a Hindi post written in the studio shows first on /hi/blogs, English posts are marked, and the pair links both ways", async ({ page, server, browser, request }) => {
  test.setTimeout(120_000);
  await withSamplePosts(request, server.url);
  const run = Date.now().toString(36);
  const enSlug = `answer-every-enquiry-${run}`;
  const hiSlug = `har-poochh-ka-jawab-${run}`;
  const hiTitle = `हर पूछताछ का जवाब ${run}`;
  await signIn(page.context(), server.url);
  await publish(page, { title: `Answer every enquiry ${run}`, slug: enSlug, excerpt: "Why a fast reply wins the customer.", body: "## Speed\n\nReply within minutes." });
  await publish(page, {
    title: hiTitle,
    slug: hiSlug,
    excerpt: "जल्दी जवाब से ग्राहक क्यों मिलता है।",
    body: "## रफ़्तार\n\nकुछ ही मिनटों में जवाब दें। गुलमोहर",
    language: "Hindi",
    translationOf: new RegExp(`Answer every enquiry ${run} \\(English`),
  });

  const visitor = await browser.newContext();
  const reader = await visitor.newPage();

  // /hi/blogs: the Hindi post before every English one; each English card marked "English", its words lang="en".
  await reader.goto(`${server.url}/hi/blogs`);
  await expect(reader.locator("html")).toHaveAttribute("lang", "hi");
  await expect(reader.getByRole("heading", { level: 1 })).toHaveText(BLOG_LISTING_HI.heroTitle);
  const cards = reader.getByTestId("blog-card");
  const rows = await cards.evaluateAll((els) =>
    els.map((el) => ({ title: el.querySelector("h2")?.textContent ?? "", lang: el.querySelector("h2")?.getAttribute("lang") ?? "", mark: el.querySelector('[data-testid="post-language"]')?.textContent ?? "" })),
  );
  const mine = rows.findIndex((r) => r.title === hiTitle);
  expect(mine).toBeGreaterThanOrEqual(0);
  expect(rows[mine]!.mark).toBe("");
  const english = rows.map((r, i) => ({ ...r, i })).filter((r) => r.lang === "en");
  expect(english.length).toBeGreaterThan(0);
  for (const r of english) {
    expect(r.i).toBeGreaterThan(mine);
    expect(r.mark).toBe("English");
  }
  await expect(cards.filter({ hasText: `Answer every enquiry ${run}` }).getByTestId("post-language")).toHaveAttribute("lang", "en");
  // Links keep the reader in Hindi.
  await expect(cards.filter({ hasText: hiTitle }).getByRole("link", { name: hiTitle, exact: true })).toHaveAttribute("href", `/hi/blog/${hiSlug}`);
  for (const width of [375, 1280]) {
    await reader.setViewportSize({ width, height: 900 });
    await expectAccessible(reader);
  }

  // A search in Hindi finds the Hindi post by a word of its body.
  await waitForHydration(reader);
  await reader.getByLabel(BLOG_LISTING_HI.searchLabel).fill("गुलमोहर");
  await expect(reader).toHaveURL(/search=/);
  await expect(cards).toHaveCount(1);
  await expect(cards.first()).toContainText(hiTitle);

  // The Hindi post: its article is Hindi, it links to the English one, canonical here, hreflang to its pair.
  await reader.goto(`${server.url}/hi/blog/${hiSlug}`);
  await expect(reader.getByRole("article")).toHaveAttribute("lang", "hi");
  await expect(reader.getByRole("heading", { level: 1 })).toHaveText(hiTitle);
  const toEnglish = reader.getByTestId("translation-link").getByRole("link");
  await expect(toEnglish).toHaveText("यह लेख अंग्रेज़ी में पढ़ें →");
  await expect(toEnglish).toHaveAttribute("hreflang", "en");
  await expect(toEnglish).toHaveAttribute("href", `/blog/${enSlug}`);
  await expect(reader.locator('link[rel="canonical"]')).toHaveAttribute("href", `${server.url}/hi/blog/${hiSlug}`);
  await expect(reader.locator('link[rel="alternate"][hreflang="hi"]')).toHaveAttribute("href", `${server.url}/hi/blog/${hiSlug}`);
  await expect(reader.locator('link[rel="alternate"][hreflang="en"]')).toHaveAttribute("href", `${server.url}/blog/${enSlug}`);
  await expect(reader.locator('link[rel="alternate"][hreflang="x-default"]')).toHaveAttribute("href", `${server.url}/blog/${enSlug}`);
  const ld = await reader.locator('script[type="application/ld+json"]').evaluateAll((els) =>
    els.map((el) => JSON.parse(el.textContent ?? "{}") as { "@type"?: string; inLanguage?: string }).find((d) => d["@type"] === "BlogPosting"),
  );
  expect(ld?.inLanguage).toBe("hi-IN");

  // …and back: the English post links to its Hindi translation.
  await toEnglish.click();
  await expect(reader).toHaveURL(`${server.url}/blog/${enSlug}`);
  await expect(reader.locator("html")).toHaveAttribute("lang", "en");
  const toHindi = reader.getByTestId("translation-link").getByRole("link");
  await expect(toHindi).toHaveText("Read this in Hindi →");
  await expect(toHindi).toHaveAttribute("href", `/hi/blog/${hiSlug}`);
  await expect(reader.locator('link[rel="alternate"][hreflang="hi"]')).toHaveAttribute("href", `${server.url}/hi/blog/${hiSlug}`);
  await expect(reader.locator('link[rel="canonical"]')).toHaveAttribute("href", `${server.url}/blog/${enSlug}`);

  // The English post in the Hindi frame: the page is Hindi, the article English, canonical at the English address.
  await reader.goto(`${server.url}/hi/blog/${enSlug}`);
  await expect(reader.locator("html")).toHaveAttribute("lang", "hi");
  await expect(reader.getByRole("article")).toHaveAttribute("lang", "en");
  await expect(reader.locator('link[rel="canonical"]')).toHaveAttribute("href", `${server.url}/blog/${enSlug}`);

  // /blogs: English posts first as always; the Hindi one is there, marked "हिन्दी" in Hindi.
  await reader.goto(`${server.url}/blogs`);
  const hindiCard = reader.getByTestId("blog-card").filter({ hasText: hiTitle });
  await expect(hindiCard.getByTestId("post-language")).toHaveText("हिन्दी");
  await expect(hindiCard.locator("h2")).toHaveAttribute("lang", "hi");

  // The sitemap pairs the two addresses.
  const xml = await (await request.get(`${server.url}/sitemap.xml`)).text();
  const entry = xml.split("\n").find((l) => l.includes(`<loc>${server.url}/hi/blog/${hiSlug}</loc>`)) ?? "";
  expect(entry).toContain(`<xhtml:link rel="alternate" hreflang="en" href="${server.url}/blog/${enSlug}"/>`);
  expect(entry).toContain(`<xhtml:link rel="alternate" hreflang="hi" href="${server.url}/hi/blog/${hiSlug}"/>`);
  expect(xml).toContain(`<xhtml:link rel="alternate" hreflang="hi" href="${server.url}/hi/about"/>`);
  await visitor.close();
});
