import type { Page } from "@playwright/test";
import { AI_HELP_PAGE, BLOG_LISTING, TESTIMONIALS } from "../../shared/content";
import { FAQ } from "../../shared/content/faq";
import { SITEMAP_PAGES } from "../../shared/content/seo";
import { HEADER, NAV_LINKS } from "../../shared/content/site";
import { expect, test } from "./fixtures";

/**
 * Issue 30 (layout): nothing fixed covers what the visitor taps, phones get an action in their first screen,
 * the home page is at most 12 phone screens, the first article and the chat's message box are near the top,
 * and the phone menu keeps the keyboard.
 */

const WIDTHS = [
  { width: 320, height: 640 },
  { width: 375, height: 812 },
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
] as const;

type Overlap = { control: string; by: string };

/**
 * Every fixed or sticky element's box (the part on screen) against every visible link, button and field that is
 * not part of it. The header, stuck to the top edge, sits only over what the visitor has already scrolled past
 * (it is the first thing on the page), so it is not counted; everything else (the banner, the floating button,
 * any other bar) may not touch a control at all. Also says whether the banner is on screen.
 */
async function overlaps(page: Page): Promise<{ faults: Overlap[]; fixed: string[]; bannerShown: boolean }> {
  return page.evaluate(() => {
    const name = (el: Element) =>
      `${el.tagName.toLowerCase()} "${(el.getAttribute("aria-label") ?? el.textContent ?? (el as HTMLInputElement).name ?? "").trim().slice(0, 40)}"`;
    const shown = (el: Element) => {
      const style = getComputedStyle(el);
      const box = el.getBoundingClientRect();
      return style.visibility !== "hidden" && style.display !== "none" && Number(style.opacity) > 0 && box.width > 0 && box.height > 0;
    };
    const onScreen = (r: DOMRect) => ({
      left: Math.max(0, r.left),
      right: Math.min(innerWidth, r.right),
      top: Math.max(0, r.top),
      bottom: Math.min(innerHeight, r.bottom),
    });
    const fixed = Array.from(document.querySelectorAll("body *")).filter((el) => {
      const position = getComputedStyle(el).position;
      return (position === "fixed" || position === "sticky") && shown(el);
    });
    // The page's controls, a sticky part's (the header's, a sticky sidebar's) included; those of fixed elements are
    // not the page's (the floating button rests on the banner's end by design: one strip).
    const floating = fixed.filter((f) => getComputedStyle(f).position === "fixed");
    const controls = Array.from(document.querySelectorAll('a[href], button, input:not([type="hidden"]), select, textarea')).filter(
      (el) => shown(el) && !el.closest('[aria-hidden="true"], [inert]') && !floating.some((f) => f.contains(el)),
    );
    const faults: Overlap[] = [];
    for (const f of fixed) {
      const box = onScreen(f.getBoundingClientRect());
      if (box.bottom - box.top < 0.5 || box.right - box.left < 0.5) continue; // off screen (a yielded banner)
      if (f.tagName === "HEADER" && f.getBoundingClientRect().top <= 0.5) continue; // the header, see above
      for (const c of controls) {
        if (f.contains(c)) continue;
        const r = onScreen(c.getBoundingClientRect());
        if (r.bottom - r.top < 0.5 || r.right - r.left < 0.5) continue; // not on screen
        if (r.left < box.right - 0.5 && r.right > box.left + 0.5 && r.top < box.bottom - 0.5 && r.bottom > box.top + 0.5) {
          faults.push({ control: name(c), by: name(f) });
        }
      }
    }
    const banner = document.querySelector('aside[aria-label="Announcements"]');
    const b = banner?.getBoundingClientRect();
    return { faults, fixed: fixed.map(name), bannerShown: Boolean(b && b.top >= 0 && b.bottom <= innerHeight + 0.5) };
  });
}

async function publicPages(page: Page, url: string): Promise<string[]> {
  await page.request.post(`${url}/api/blogs/seed`, { headers: { origin: url } });
  const listing = (await (await page.request.get(`${url}/api/blogs`)).json()) as { data: { slug: string }[] };
  return [...SITEMAP_PAGES.map((p) => p.path), "/services", `/blog/${listing.data[0]!.slug}`, "/forgot-password", "/no-such-page"];
}

for (const viewport of WIDTHS) {
  test(`at ${viewport.width} px no fixed or sticky element covers a control, at the top, mid-way and at the end of every page`, async ({
    page,
    server,
    allowErrors,
  }) => {
    test.setTimeout(300_000);
    await page.addInitScript(() => window.sessionStorage.setItem("hasSeenSplash", "true"));
    await page.setViewportSize(viewport);
    for (const path of await publicPages(page, server.url)) {
      await page.goto(path);
      await page.evaluate(() => document.fonts.ready);
      for (const where of ["top", "mid-way", "end"] as const) {
        await page.evaluate((w) => {
          const max = document.documentElement.scrollHeight - innerHeight;
          window.scrollTo(0, w === "top" ? 0 : w === "end" ? max : Math.round(max / 2));
        }, where);
        // The banner and the button slide away (200 ms) once the page says a control is beneath them.
        await expect.poll(async () => (await overlaps(page)).faults, { message: `${path} ${where} at ${viewport.width} px`, timeout: 5000 }).toEqual([]);
        if (where === "end") {
          // At the end of every page the strip is clear, so the banner shows: the check above was not vacuous.
          await expect.poll(async () => (await overlaps(page)).bannerShown, { message: `${path}: the banner at the end`, timeout: 5000 }).toBe(true);
        }
      }
    }
    allowErrors(/status of 404/);
  });
}

test("the banner yields while a control is beneath it, comes back when the place is clear, and shows for the keyboard", async ({ page }) => {
  await page.addInitScript(() => window.sessionStorage.setItem("hasSeenSplash", "true"));
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto("/contact");
  const banner = page.getByRole("complementary", { name: "Announcements" });
  const onScreen = () => banner.evaluate((el) => el.getBoundingClientRect().top < innerHeight);
  // Scroll so that a contact card's link lies in the strip's place: the banner is gone from the screen.
  await page.evaluate(() => {
    const link = Array.from(document.querySelectorAll("main a[href]")).find((a) => a.getBoundingClientRect().height >= 40)!;
    window.scrollBy(0, link.getBoundingClientRect().top - innerHeight + 30);
  });
  await expect.poll(onScreen).toBe(false);
  // At the end of the page the place is clear: it is back.
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await expect.poll(onScreen).toBe(true);
  // The floating button, reached by the keyboard while yielded, shows itself.
  await page.evaluate(() => window.scrollTo(0, 0));
  const whatsapp = page.getByTestId("whatsapp-float");
  await whatsapp.getByRole("link").focus();
  await expect.poll(() => whatsapp.evaluate((el) => el.getBoundingClientRect().bottom <= innerHeight)).toBe(true);
});

test("phones have an action in their first screen: Book Demo in the header", async ({ page }) => {
  for (const viewport of WIDTHS.slice(0, 3)) {
    await page.setViewportSize(viewport);
    await page.goto("/about");
    const book = page.getByRole("banner").getByRole("link", { name: HEADER.bookDemo });
    await expect(book).toHaveCount(1);
    await expect(book).toBeInViewport({ ratio: 1 });
    await expect(book).toHaveAttribute("href", "/book-demo");
    // Every header control fits beside it, nothing cut off.
    const header = await page.getByRole("banner").evaluate((h) => h.scrollWidth <= h.clientWidth);
    expect(header, `header at ${viewport.width} px`).toBe(true);
  }
});

test("the open phone menu keeps the keyboard inside it and gives focus back on close", async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto("/about");
  const toggle = page.getByRole("button", { name: HEADER.openMenu });
  await toggle.focus();
  await page.keyboard.press("Enter");
  const menu = page.getByRole("navigation", { name: HEADER.primaryNav });
  await expect(menu.getByRole("link", { name: NAV_LINKS[0]!.label, exact: true })).toBeFocused();
  const inHeader = () => page.evaluate(() => Boolean(document.activeElement?.closest("header")));
  // Round the menu twice forwards and once backwards: focus never reaches the page behind it.
  for (let i = 0; i < 24; i++) {
    await page.keyboard.press("Tab");
    expect(await inHeader(), `Tab ${i + 1}`).toBe(true);
  }
  for (let i = 0; i < 12; i++) {
    await page.keyboard.press("Shift+Tab");
    expect(await inHeader(), `Shift+Tab ${i + 1}`).toBe(true);
  }
  await page.keyboard.press("Escape");
  await expect(page.getByRole("button", { name: HEADER.openMenu })).toBeFocused();
  await expect(menu).toBeHidden();
  // Closed, Tab leaves the header again.
  for (let i = 0; i < 8 && (await inHeader()); i++) await page.keyboard.press("Tab");
  expect(await inHeader()).toBe(false);
});

/** Scrolls through the page so every section below the fold has been laid out (content-visibility), then measures. */
async function fullHeight(page: Page): Promise<number> {
  return page.evaluate(async () => {
    for (let y = 0; y < document.documentElement.scrollHeight; y += innerHeight / 2) {
      window.scrollTo(0, y);
      await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
    }
    window.scrollTo(0, 0);
    return document.documentElement.scrollHeight;
  });
}

test("the home page is at most 12 screens on a 375 px phone; the FAQ is an accordion with every answer in the page", async ({ page }) => {
  await page.addInitScript(() => window.sessionStorage.setItem("hasSeenSplash", "true"));
  await page.setViewportSize({ width: 375, height: 812 });
  // The site's font is `optional`: a visitor's second page has it from the cache, as this one does.
  await page.goto("/about");
  await page.goto("/");
  expect(await page.evaluate(() => document.fonts.check('16px "Jakarta"'))).toBe(true);
  const height = await fullHeight(page);
  console.log(`home at 375 px: ${height} px (${(height / 812).toFixed(2)} screens)`);
  expect(height).toBeLessThanOrEqual(12 * 812);

  const entries = page.locator('[data-section="faq"] details');
  await expect(entries).toHaveCount(FAQ.length);
  // Closed, yet every answer is in the page and in the FAQPage data.
  for (const [i, entry] of FAQ.entries()) {
    await expect(entries.nth(i)).not.toHaveAttribute("open");
    await expect(entries.nth(i)).toContainText(entry.answer);
  }
  const ld = await page.locator('script[type="application/ld+json"]').evaluateAll((els) =>
    els.map((el) => JSON.parse(el.textContent ?? "{}") as { "@type"?: string; mainEntity?: { name: string }[] }),
  );
  expect(ld.find((d) => d["@type"] === "FAQPage")?.mainEntity?.map((q) => q.name)).toEqual(FAQ.map((f) => f.question));
  // The keyboard opens and closes a question.
  const first = entries.first();
  await first.locator("summary").focus();
  await page.keyboard.press("Enter");
  await expect(first).toHaveAttribute("open", "");
  await expect(first.getByText(FAQ[0]!.answer)).toBeVisible();
  await page.keyboard.press("Enter");
  await expect(first).not.toHaveAttribute("open");

  // A link to one entry opens it.
  await page.goto(`/#faq-${FAQ[3]!.id}`);
  await expect(page.locator(`#faq-${FAQ[3]!.id}`)).toHaveAttribute("open", "");

  // Wide screens: one column of questions, so no row ends on an orphan card.
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.locator('[data-section="faq"]').scrollIntoViewIfNeeded();
  const lefts = await entries.evaluateAll((els) => new Set(els.map((el) => Math.round(el.getBoundingClientRect().left))).size);
  expect(lefts).toBe(1);
});

test("testimonials name the business and its city where the copy does; empty trust slots render nothing", async ({ page }) => {
  await page.addInitScript(() => window.sessionStorage.setItem("hasSeenSplash", "true"));
  await page.goto("/");
  const tags = page.getByTestId("testimonial-business");
  await expect(tags).toHaveText(TESTIMONIALS.items.map((t) => (t.city ? `${t.business} · ${t.city}` : t.business)));
  await expect(tags.first()).toHaveText("Real estate · Pune");
  await expect(page.locator("[data-slot]")).toHaveCount(0);
  await page.goto("/about");
  await expect(page.locator("[data-slot]")).toHaveCount(0);
});

test("the leads board shows its labels whole on a 375 px phone", async ({ page }) => {
  await page.addInitScript(() => window.sessionStorage.setItem("hasSeenSplash", "true"));
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto("/");
  const board = page.locator('[data-drawing="leads-board"]');
  await board.scrollIntoViewIfNeeded();
  const cut = await board.evaluate((el) =>
    Array.from(el.querySelectorAll("span, p"))
      .filter((s) => s.children.length === 0 && (s.textContent ?? "").trim() !== "")
      .filter((s) => s.scrollWidth > s.clientWidth + 0.5 || getComputedStyle(s).textOverflow === "ellipsis")
      .map((s) => s.textContent),
  );
  expect(cut).toEqual([]);
});

test("/blogs on a phone: the first article within 1.25 screens, search, filters and stats kept", async ({ page, server }) => {
  await page.request.post(`${server.url}/api/blogs/seed`, { headers: { origin: server.url } });
  for (const viewport of WIDTHS.slice(0, 3)) {
    await page.setViewportSize(viewport);
    await page.goto("/blogs");
    const first = (await page.getByTestId("blog-card").first().boundingBox())!;
    expect(first.y, `first article at ${viewport.width} px`).toBeLessThanOrEqual(1.25 * viewport.height);
    await expect(page.getByRole("searchbox", { name: BLOG_LISTING.searchLabel })).toBeVisible();
    await expect(page.getByRole("combobox", { name: BLOG_LISTING.categoryLabel })).toBeVisible();
    await expect(page.getByRole("checkbox", { name: BLOG_LISTING.featuredOnly })).toBeVisible();
    // Readers and likes show from 10 up (issue 45); the article count always.
    await expect(page.getByTestId("stat-articles")).toBeAttached();
    // On a phone the stats follow the first articles.
    const stats = (await page.getByTestId("blog-stats").boundingBox())!;
    expect(stats.y).toBeGreaterThan(first.y);
  }
  await page.setViewportSize({ width: 1280, height: 800 });
  const stats = (await page.getByTestId("blog-stats").boundingBox())!;
  expect(stats.y, "from md up the stats sit above the articles").toBeLessThan((await page.getByTestId("blog-card").first().boundingBox())!.y);
});

test("/ai-help: the message box is in the first screen at every width", async ({ page }) => {
  for (const viewport of WIDTHS) {
    await page.setViewportSize(viewport);
    await page.goto("/ai-help");
    await expect(page.getByRole("textbox", { name: AI_HELP_PAGE.inputLabel }), `at ${viewport.width} px`).toBeInViewport({ ratio: 1 });
  }
});
