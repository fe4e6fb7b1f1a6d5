/**
 * `npm run shots [-- <label>]`: full-page screenshots of every public page and
 * every account page at 375×812 (a phone) and 1280×800 (a laptop), saved as
 * reports/shots/<label>/<width>/<page>.png (label defaults to a timestamp).
 *
 * Builds into WP_BUILD_DIR (default build-shots; SHOTS_SKIP_BUILD=1 reuses it),
 * starts the production server on a free loopback port with a temporary SQLite
 * database, seeds the sample posts, signs up one account for the signed-in
 * pages and drives the system Chromium through playwright-core.
 * SHOTS_PAGES=/,/blogs limits the pages; SHOTS_WIDTHS=375 the widths.
 * The studio (issue 45): `/studio` is shot as an owner (made through the services, second factor passed) when
 * SHOTS_PAGES names it or no SHOTS_PAGES is given.
 * Hindi (issue 33): SHOTS_HINDI=1 adds every page's /hi twin, SHOTS_HINDI=only takes the Hindi pages alone,
 * and SHOTS_PAGES may name Hindi pages itself (SHOTS_PAGES=/hi,/hi/about SHOTS_WIDTHS=375). Hindi files are
 * named after their address (hi.png, hi_about.png).
 * Proof (issue 45): SHOTS_PROOF=1 fills the owner's proof first (customers, testimonial photos and results, metric
 * sources, the team on About: scripts/proof-sample.ts), as a real owner's site shows it.
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { chromium, type BrowserContext } from "playwright-core";
import { SITEMAP_PAGES } from "../shared/content/seo";
import { localePath } from "../shared/i18n";
import { startBuiltServer } from "../tests/helpers/built-server";
import { HINT_COOKIE } from "../server/http/cookies";
import { ensureChromium } from "./chromium";
import { fillSampleProof } from "./proof-sample";
import { openDatabase } from "../server/db/database";
import { testDeps } from "../tests/helpers/deps";
import { staffWithSession } from "../tests/helpers/studio-staff";

const label = (process.argv[2] ?? new Date().toISOString().replace(/[:.]/g, "-")).replace(/[^\w.-]/g, "_");
const outDir = path.resolve("reports", "shots", label);
const buildDir = path.resolve(process.env.WP_BUILD_DIR ?? "build-shots");
process.env.WP_BUILD_DIR = buildDir;
const executablePath = ensureChromium();

if (process.env.SHOTS_SKIP_BUILD !== "1") {
  console.log(`building into ${path.relative(process.cwd(), buildDir)}...`);
  const build = spawnSync("npm", ["run", "build", "--silent"], {
    stdio: ["ignore", "ignore", "inherit"],
    env: { ...process.env, NODE_ENV: "production", WP_BUILD_DIR: buildDir },
  });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const only = process.env.SHOTS_PAGES ? new Set(process.env.SHOTS_PAGES.split(",")) : null;
const widths = process.env.SHOTS_WIDTHS ? process.env.SHOTS_WIDTHS.split(",").map(Number) : null;
const VIEWPORTS = [
  { width: 375, height: 812 },
  { width: 1280, height: 800 },
].filter((v) => !widths || widths.includes(v.width));
const wanted = (p: string) =>
  !only || only.has(p) || (only.has("/blog") && p.startsWith("/blog/")) || (only.has("/hi/blog") && p.startsWith("/hi/blog/"));
const hindiMode = process.env.SHOTS_HINDI ?? ([...(only ?? [])].some((p) => p === "/hi" || p.startsWith("/hi/")) ? "1" : "");
/** The pages in the languages asked for: English, and the Hindi twins with SHOTS_HINDI. */
const inLanguages = (pages: string[]) =>
  hindiMode === "only" ? pages.map((p) => localePath(p, "hi")) : hindiMode ? pages.flatMap((p) => [p, localePath(p, "hi")]) : pages;

/** The screens only a visitor with an account sees (or the account flow itself). */
const ACCOUNT_PAGES = ["/templates", "/forgot-password", "/reset-password?token=sample", "/verify-email?token=sample"];

function fileName(pagePath: string): string {
  if (pagePath === "/") return "home";
  return pagePath.replace(/^\//, "").replace(/[/?=&]+/g, "_").replace(/[^\w.-]/g, "") || "page";
}

async function settle(context: BrowserContext, url: string, file: string) {
  const page = await context.newPage();
  await page.goto(url, { waitUntil: "load" });
  await page
    .waitForFunction(
      () => document.documentElement.hasAttribute("data-hydrated") || !document.querySelector('script[type="module"]'),
      undefined,
      { timeout: 20_000 },
    )
    .catch(() => undefined);
  await page.evaluate(() => document.fonts.ready);
  // Scrolled through once, as a visitor would: sections that appear as they enter the screen, lazy images and
  // `content-visibility: auto` blocks are drawn before the full-page picture is taken (else they are blank in it).
  await page.evaluate(async () => {
    for (let y = 0; y < document.documentElement.scrollHeight; y += Math.round(window.innerHeight * 0.7)) {
      window.scrollTo(0, y);
      await new Promise((r) => setTimeout(r, 120));
    }
    window.scrollTo(0, 0);
  });
  await page.waitForLoadState("networkidle").catch(() => undefined);
  // Chromium paints a `content-visibility: auto` block only near the screen, also in a full-page picture: drawn
  // always, with the containment `auto` keeps on screen (its overflow clipped as the visitor sees it).
  await page.evaluate(() => {
    for (const element of Array.from(document.querySelectorAll<HTMLElement>("*"))) {
      if (getComputedStyle(element).contentVisibility !== "auto") continue;
      element.style.contentVisibility = "visible";
      element.style.contain = "layout style paint";
    }
  });
  await page.waitForTimeout(600);
  await page.screenshot({ path: file, fullPage: true });
  await page.close();
}

const server = await startBuiltServer();
const browser = await chromium.launch({ executablePath, args: ["--no-sandbox"] });
try {
  const origin = { origin: server.url };
  const setup = await browser.newContext({ baseURL: server.url });
  const seeded = await setup.request.post("/api/blogs/seed", { headers: origin });
  if (!seeded.ok()) throw new Error(`seeding the sample posts answered ${seeded.status()}`);
  const listing = (await (await setup.request.get("/api/blogs")).json()) as { data: { slug: string }[] };
  const publicPages = [...SITEMAP_PAGES.map((p) => p.path), "/services"];
  if (listing.data[0]) publicPages.push(`/blog/${listing.data[0].slug}`);
  if (process.env.SHOTS_PROOF === "1") await fillSampleProof(server.databaseUrl, `${server.url}/blog/${listing.data[0]?.slug ?? ""}`);
  publicPages.push("/no-such-page");

  const signedUp = await setup.request.post("/api/auth/register", {
    headers: origin,
    data: { name: "Asha Kulkarni", email: "asha.shots@example.com", password: "Parrot-shots-2026", company: "Asha Clinics", industry: "Healthcare" },
  });
  if (!signedUp.ok()) throw new Error(`sign-up answered ${signedUp.status()}: ${await signedUp.text()}`);
  // The API answers with a token; the browser carries it as the session cookie (wp_session on plain http).
  const { token } = (await signedUp.json()) as { token: string };
  const cookies = [
    { name: "wp_session", value: token, url: server.url, httpOnly: true, sameSite: "Lax" as const },
    { name: HINT_COOKIE, value: "1", url: server.url, sameSite: "Lax" as const },
  ];
  await setup.close();
  // The owner's session for the studio's pages: made in the server's database as the studio tests make it.
  const studioPages = ["/studio"].filter(wanted);
  let ownerToken = "";
  if (studioPages.length > 0) {
    const db = await openDatabase(server.databaseUrl);
    try {
      ownerToken = (await staffWithSession(testDeps(db), "owner.shots@example.com", "owner")).token;
    } finally {
      await db.close();
    }
  }

  for (const viewport of VIEWPORTS) {
    const dir = path.join(outDir, String(viewport.width));
    fs.mkdirSync(dir, { recursive: true });
    const anonymous = await browser.newContext({ baseURL: server.url, viewport });
    await anonymous.addInitScript(() => window.sessionStorage.setItem("hasSeenSplash", "true"));
    for (const p of inLanguages([...publicPages, "/sign-in", "/get-started"]).filter((v, i, a) => a.indexOf(v) === i && wanted(v))) {
      await settle(anonymous, p, path.join(dir, `${fileName(p)}.png`));
    }
    await anonymous.close();
    const signedIn = await browser.newContext({ baseURL: server.url, viewport });
    await signedIn.addInitScript(() => window.sessionStorage.setItem("hasSeenSplash", "true"));
    await signedIn.addCookies(cookies);
    for (const p of inLanguages(ACCOUNT_PAGES).filter(wanted)) await settle(signedIn, p, path.join(dir, `${fileName(p)}.png`));
    await signedIn.close();
    if (ownerToken) {
      const owner = await browser.newContext({ baseURL: server.url, viewport });
      await owner.addCookies([{ ...cookies[0]!, value: ownerToken }, cookies[1]!]);
      for (const p of studioPages) await settle(owner, p, path.join(dir, `${fileName(p)}.png`));
      await owner.close();
    }
    console.log(`${viewport.width}×${viewport.height}: ${fs.readdirSync(dir).length} screenshots in ${path.relative(process.cwd(), dir)}`);
  }
} finally {
  await browser.close();
  await server.stop();
}
