import type { Page } from "@playwright/test";
import {
  AUDIENCE,
  AVAILABLE_FOR,
  BENEFITS,
  COMPARISON,
  DEMO_VIDEO,
  HERO,
  METRICS,
  PAIN_POINTS,
  PROMISE,
  STEPS,
  TESTIMONIALS,
  WISE_CORE,
} from "../../shared/content";
import { expectAccessible } from "./a11y";
import { expect, pausedClock, test } from "./fixtures";

// The defaults of server/config.ts, which the test server runs with: a fresh install books on the site (issue 42).
const BOOKING_URL = "/book-demo";
const WHATSAPP = "910000000000";
const DEMO_VIDEO_URL = "https://video.example.com/embed/wise-parrot-demo";

/** Opens the home page as a returning visitor (no splash) and waits until React has hydrated it. */
async function openHome(page: Page) {
  await page.addInitScript(() => {
    // Init scripts run in every frame; only the page itself needs the flag.
    if (window === window.top) window.sessionStorage.setItem("hasSeenSplash", "true");
  });
  // The fixture's goto waits until React has hydrated the page.
  await page.goto("/");
}

/** Brings a rotating section on screen (they only move while visible) and waits until it runs. */
async function bringIntoView(page: Page, testId: "metrics" | "slideshow", running = "true") {
  await page.getByTestId(testId).scrollIntoViewIfNeeded();
  await expect(page.getByTestId(testId)).toHaveAttribute("data-running", running);
}

test.describe("home page content", () => {
  test("has every section in the spec's order, with its key copy", async ({ page }) => {
    await openHome(page);
    const order = await page.locator("header, [data-section], footer").evaluateAll((els) =>
      els.map((el) => (el as HTMLElement).dataset.section ?? el.tagName.toLowerCase()),
    );
    expect(order).toEqual([
      "header",
      "hero",
      "pain-points",
      "promise",
      "benefits",
      "metrics",
      "audience",
      "wise-core",
      "steps",
      "book-demo",
      "kit",
      "available-for",
      "testimonials",
      "comparison",
      "faq", // issue 19
      "footer",
    ]);

    const section = (name: string) => page.locator(`[data-section="${name}"]`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Your Digital Growth Assistant Is Here");
    await expect(section("hero")).toContainText("We call it your Business Buddy with love !!");
    await expect(section("hero")).toContainText(HERO.description);

    const pains = section("pain-points").getByRole("listitem");
    await expect(pains).toHaveCount(4);
    for (const card of PAIN_POINTS.cards) await expect(section("pain-points")).toContainText(card.title);
    await expect(section("promise")).toContainText(PROMISE.text);
    await expect(section("benefits").getByRole("listitem")).toHaveCount(5);
    for (const card of BENEFITS.cards) await expect(section("benefits")).toContainText(card.title);

    await expect(section("metrics").getByRole("button")).toHaveText(METRICS.items.map((m) => m.value));
    await expect(page.getByTestId("metric-current")).toHaveText("3xdemo bookings in first 10 days");

    await expect(section("audience").getByRole("group", { name: "1 of 4" })).toContainText(AUDIENCE.slides[0].industry);
    for (const label of WISE_CORE.trainedOn) await expect(section("wise-core")).toContainText(label);
    await expect(section("wise-core").getByRole("heading", { level: 2 })).toHaveText("Powered by the Wise Core");

    await expect(page.getByTestId("step-number")).toHaveText(["01", "02", "03", "04", "05"]);
    for (const step of STEPS.items) await expect(section("steps")).toContainText(step.title);

    await expect(section("kit").getByRole("heading", { level: 3 })).toHaveText([
      "AI smart WhatsApp bot",
      "Paid ads plus creative copy",
      "Nurturing scripts",
      "Follow-up sequences",
      "Onboarding SOPs",
    ]);
    await expect(section("available-for").getByRole("listitem")).toHaveText([...AVAILABLE_FOR.items]);

    const testimonials = section("testimonials").getByRole("listitem");
    await expect(testimonials).toHaveCount(3);
    await expect(section("testimonials").getByRole("img", { name: "Rated 5 out of 5" })).toHaveCount(3);
    for (const t of TESTIMONIALS.items) await expect(section("testimonials")).toContainText(t.name);

    // Claims exactly as the spec states them.
    const body = await page.locator("main").innerText();
    expect(body).toContain("72 hours");
    expect(body).toContain("no setup fees");
    expect(body).toContain("1 ₹");
  });

  test("comparison table: 6 features against WhatsApp CRMs, AI bot tools and freelancers, values read as words", async ({ page }) => {
    await openHome(page);
    const table = page.getByRole("table", { name: COMPARISON.caption });
    await expect(table.getByRole("columnheader")).toHaveText(["Feature", "Wise Parrot", "WhatsApp CRMs", "AI bot tools", "Freelancers"]);
    await expect(table.getByRole("rowheader")).toHaveText(COMPARISON.rows.map((r) => r.feature));
    // Each cell's accessible text is the word itself (the icons are hidden from assistive technology).
    const cells = await table.getByRole("cell").evaluateAll((tds) => tds.map((td) => (td as HTMLElement).innerText.trim()));
    expect(cells).toEqual(COMPARISON.rows.flatMap((r) => r.values.map((v) => COMPARISON.values[v])));
    expect(new Set(cells)).toEqual(new Set(["Yes", "No", "Partial"]));
    await expect(table.locator("svg:not([aria-hidden=true])")).toHaveCount(0);
  });

  test("hero buttons go to the booking page and WhatsApp in a new tab", async ({ page }) => {
    await openHome(page);
    const hero = page.locator('[data-section="hero"]');
    const book = hero.getByRole("link", { name: /^Book Your demo for 1 ₹/ });
    await expect(book).toHaveAttribute("href", BOOKING_URL);
    await expect(book).not.toHaveAttribute("target", "_blank");

    const videos = hero.getByRole("link", { name: /^Watch Free Quick Demo Videos first/ });
    await expect(videos).toHaveAttribute("href", `https://wa.me/${WHATSAPP}?text=${encodeURIComponent(HERO.demoVideosMessage)}`);
    await expect(videos).toHaveAttribute("target", "_blank");
    expect(HERO.demoVideosMessage).toMatch(/demo videos/i);

    const chat = hero.getByRole("link", { name: /^Know more on WhatsApp/ });
    await expect(chat).toHaveAttribute("href", `https://wa.me/${WHATSAPP}?text=hi`);
    await expect(chat).toHaveAttribute("target", "_blank");

    const bookDemo = page.locator('[data-section="book-demo"]').getByRole("link", { name: /^Book Demo/ });
    await expect(bookDemo).toHaveAttribute("href", BOOKING_URL);
    await expect(bookDemo).not.toHaveAttribute("target", "_blank");
  });

  test("small screens (375 px) show the short labels", async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    await openHome(page);
    const hero = page.locator('[data-section="hero"]');
    await expect(page.getByTestId("hero-demo-videos")).toHaveText(/^Quick Demo Videos/, { useInnerText: true });
    await expect(page.getByTestId("hero-whatsapp")).toHaveText(/^WhatsApp Chat/, { useInnerText: true });
    await expect(hero.getByRole("link", { name: /^Quick Demo Videos/ })).toBeVisible();
    await expect(hero.getByRole("link", { name: /^WhatsApp Chat/ })).toBeVisible();
    await expect(hero.getByText("Watch Free Quick Demo Videos first")).toBeHidden();
    await expect(page.getByTestId("hero-book")).toHaveText(/^Book Your demo for 1 ₹/, { useInnerText: true });
    // Nothing overflows sideways.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  });

  // Issue 45, item 3: one primary action, in the first screen of a phone, in both languages.
  for (const prefix of ["", "/hi"]) {
    for (const viewport of [{ width: 375, height: 812 }, { width: 320, height: 568 }]) {
      test(`the hero's one primary action is in the first screen at ${viewport.width}x${viewport.height} (${prefix || "/"})`, async ({ page }) => {
        await page.setViewportSize(viewport);
        await page.addInitScript(() => {
          if (window === window.top) window.sessionStorage.setItem("hasSeenSplash", "true");
        });
        await page.goto(`${prefix}/`);
        const book = page.getByTestId("hero-book");
        const box = (await book.boundingBox())!;
        // Wholly inside the first screen, above the bottom banner's lane.
        expect(box.y).toBeGreaterThanOrEqual(0);
        expect(box.y + box.height, "the primary's bottom").toBeLessThanOrEqual(viewport.height - 64);
        // The primary is filled; the two WhatsApp actions are outlined on white, each with WhatsApp's sign; ▶ is only
        // on the control that plays the video here.
        const look = await page.evaluate(() => {
          const bg = (id: string) => getComputedStyle(document.querySelector(`[data-testid=${id}]`)!).backgroundColor;
          const glyph = (id: string) => document.querySelector(`[data-testid=${id}] svg`)?.outerHTML ?? "";
          return {
            primary: bg("hero-book"),
            secondary: [bg("hero-demo-videos"), bg("hero-whatsapp")],
            glyphs: [glyph("hero-demo-videos"), glyph("hero-whatsapp")],
            play: glyph("hero-watch-here"),
            bookGlyph: glyph("hero-book"),
          };
        });
        expect(look.primary).not.toBe("rgb(255, 255, 255)");
        expect(look.secondary).toEqual(["rgb(255, 255, 255)", "rgb(255, 255, 255)"]);
        expect(look.glyphs[0]).toBe(look.glyphs[1]);
        expect(look.glyphs[0]).not.toBe(look.play);
        expect(look.play).not.toBe("");
        expect(look.bookGlyph).toBe("");
        // The keyboard meets the primary first, then the two WhatsApp actions, then the video.
        const order = await page.evaluate(() =>
          Array.from(document.querySelectorAll<HTMLElement>('[data-section="hero"] a[href]')).map((a) => a.dataset.testid),
        );
        expect(order).toEqual(["hero-book", "hero-demo-videos", "hero-whatsapp", "hero-watch-here"]);
      });
    }
  }

  test("the demo video is embedded only after the hero control asks for it, lazily", async ({ page }) => {
    await page.route("https://video.example.com/**", (route) =>
      route.fulfill({ contentType: "text/html", body: "<!doctype html><title>Demo</title><p>Demo video</p>" }),
    );
    await openHome(page);
    await expect(page.locator("iframe")).toHaveCount(0);
    await expect(page.locator('[data-section="demo-video"]')).toHaveCount(0);

    const watch = page.getByTestId("hero-watch-here");
    await expect(watch).toHaveAttribute("href", DEMO_VIDEO_URL);
    await watch.click();
    const frame = page.locator('[data-section="demo-video"] iframe');
    await expect(frame).toHaveAttribute("src", DEMO_VIDEO_URL);
    await expect(frame).toHaveAttribute("loading", "lazy");
    await expect(frame).toHaveAttribute("title", DEMO_VIDEO.iframeTitle);
    await expect(page.getByRole("heading", { name: DEMO_VIDEO.heading })).toBeFocused();
    // The section sits right after the hero.
    const order = await page.locator("[data-section]").evaluateAll((els) => els.slice(0, 3).map((el) => (el as HTMLElement).dataset.section));
    expect(order).toEqual(["hero", "demo-video", "pain-points"]);
    await expectAccessible(page, { exclude: ["iframe"] });

    await page.getByRole("button", { name: DEMO_VIDEO.close }).click();
    await expect(page.locator("iframe")).toHaveCount(0);
    await expect(page.getByTestId("hero-watch-here")).toBeFocused();
  });
});

test("the home page reads and links without JavaScript", async ({ browser, server }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto(`${server.url}/`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Your Digital Growth Assistant Is Here");
  await expect(page.getByTestId("hero-book")).toHaveAttribute("href", BOOKING_URL);
  // Without the script the demo link simply opens the video.
  await expect(page.getByTestId("hero-watch-here")).toHaveAttribute("href", DEMO_VIDEO_URL);
  await expect(page.getByTestId("slide")).toContainText(AUDIENCE.slides[0].industry);
  await expect(page.getByRole("table", { name: COMPARISON.caption })).toBeVisible();
  await context.close();
});

test.describe("home page timers", () => {
  test("the results metrics rotate every 3 s and wrap around", async ({ page }) => {
    await pausedClock(page);
    await openHome(page);
    const current = page.getByTestId("metric-current");
    // Off screen it waits for the visitor.
    await expect(page.getByTestId("metrics")).toHaveAttribute("data-running", "false");
    await page.clock.runFor(9000);
    await expect(current).toContainText("3x");
    await bringIntoView(page, "metrics");
    await page.clock.runFor(2900);
    await expect(current).toContainText("3x");
    await page.clock.runFor(100);
    await expect(current).toHaveText("50%more appointment show-up");
    await page.clock.runFor(3000);
    await expect(current).toHaveText("4xad ROI");
    await page.clock.runFor(3000);
    await expect(current).toContainText("3x");

    // A chosen result stays while the pointer is on the section.
    await page.getByRole("button", { name: "4x ad ROI" }).click();
    await expect(current).toHaveText("4xad ROI");
    await page.clock.runFor(9000);
    await expect(current).toHaveText("4xad ROI");
  });

  test("the industry slideshow advances every 4 s with a progress bar ticking every 50 ms", async ({ page }) => {
    await pausedClock(page);
    await openHome(page);
    const counter = page.getByTestId("slideshow-counter");
    const progress = page.getByTestId("slideshow-progress");
    const slide = page.getByTestId("slide");
    await expect(page.getByTestId("slideshow")).toHaveAttribute("data-running", "false");
    await page.clock.runFor(8000);
    await expect(counter).toHaveText("1 of 4");
    await bringIntoView(page, "slideshow");
    await expect(slide).toContainText(AUDIENCE.slides[0].industry);
    await expect(slide).toContainText(AUDIENCE.slides[0].before);
    await expect(slide).toContainText(AUDIENCE.slides[0].after);
    await expect(slide).toContainText(AUDIENCE.slides[0].outcome);
    await expect(progress).toHaveAttribute("data-progress", "0");

    await page.clock.runFor(50);
    await expect(progress).toHaveAttribute("data-progress", "1");
    await page.clock.runFor(1950);
    await expect(progress).toHaveAttribute("data-progress", "50");
    await page.clock.runFor(1950);
    await expect(counter).toHaveText("1 of 4");
    await page.clock.runFor(50);
    await expect(counter).toHaveText("2 of 4");
    await expect(slide).toContainText(AUDIENCE.slides[1].industry);
    await expect(progress).toHaveAttribute("data-progress", "0");

    await page.clock.runFor(4000 * 3);
    await expect(counter).toHaveText("1 of 4");
  });

  test("every slideshow control works, manual moves reset the progress, and it wraps around", async ({ page }) => {
    await pausedClock(page);
    await openHome(page);
    const counter = page.getByTestId("slideshow-counter");
    const progress = page.getByTestId("slideshow-progress");
    const region = page.getByRole("region", { name: AUDIENCE.label });
    const leave = async () => {
      await page.mouse.move(0, 0);
      await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    };
    await bringIntoView(page, "slideshow");

    await page.clock.runFor(1000);
    await expect(progress).toHaveAttribute("data-progress", "25");
    await region.getByRole("button", { name: AUDIENCE.next }).click();
    await expect(counter).toHaveText("2 of 4");
    await expect(progress).toHaveAttribute("data-progress", "0");

    // Hovering or focusing the slideshow holds it still.
    await page.clock.runFor(8000);
    await expect(counter).toHaveText("2 of 4");
    await leave();
    await page.clock.runFor(1000);
    await expect(progress).toHaveAttribute("data-progress", "25");

    await region.getByRole("button", { name: AUDIENCE.previous }).click();
    await expect(counter).toHaveText("1 of 4");
    await expect(progress).toHaveAttribute("data-progress", "0");
    await region.getByRole("button", { name: AUDIENCE.previous }).click();
    await expect(counter).toHaveText("4 of 4");
    await expect(page.getByTestId("slide")).toContainText(AUDIENCE.slides[3].industry);
    await region.getByRole("button", { name: AUDIENCE.next }).click();
    await expect(counter).toHaveText("1 of 4");

    const dots = region.getByRole("button", { name: /^Show industry/ });
    await expect(dots).toHaveCount(4);
    await dots.nth(2).click();
    await expect(counter).toHaveText("3 of 4");
    await expect(dots.nth(2)).toHaveAttribute("aria-current", "true");
    await expect(region.getByRole("group", { name: "3 of 4" })).toBeVisible();

    // Keyboard: arrows move between slides.
    await page.keyboard.press("ArrowRight");
    await expect(counter).toHaveText("4 of 4");
    await page.keyboard.press("ArrowRight");
    await expect(counter).toHaveText("1 of 4");
    await page.keyboard.press("ArrowLeft");
    await expect(counter).toHaveText("4 of 4");

    // Pause and play, from the keyboard.
    await leave();
    const toggle = region.getByRole("button", { name: AUDIENCE.pause });
    await toggle.focus();
    await page.keyboard.press("Enter");
    await expect(region.getByRole("button", { name: AUDIENCE.play })).toBeFocused();
    await page.mouse.move(0, 0);
    await page.clock.runFor(10_000);
    await expect(counter).toHaveText("4 of 4");
    await page.keyboard.press("Enter");
    await expect(region.getByRole("button", { name: AUDIENCE.pause })).toBeVisible();
    // Focus on the play/pause control itself does not hold the slideshow still.
    await page.clock.runFor(4000);
    await expect(counter).toHaveText("1 of 4");
  });

  test("nothing rotates on its own for visitors who prefer reduced motion", async ({ page }) => {
    await page.emulateMedia({ reducedMotion: "reduce" });
    await pausedClock(page);
    await openHome(page);
    await bringIntoView(page, "metrics", "false");
    await bringIntoView(page, "slideshow", "false");
    await page.clock.runFor(12_000);
    await expect(page.getByTestId("slideshow-counter")).toHaveText("1 of 4");
    await expect(page.getByTestId("metric-current")).toContainText("3x");
    await expect(page.getByRole("button", { name: AUDIENCE.play })).toBeVisible();
  });
});

test.describe("home page accessibility", () => {
  for (const width of [375, 1280]) {
    test(`axe finds no violations at ${width} px`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      await openHome(page);
      await expectAccessible(page);
    });
  }
});
