/**
 * The owner's page copy through the built app (issue 28, decision 0027) on SQLite and PostgreSQL: a saved home
 * headline shows on `/` of this server at once and of another server in this process (its own database connection and
 * caches) and of a second process of the production build within the content version's TTL; an empty or too long stored field shows the default; a
 * testimonial, a banner message and a legal section holding markup show as text; the About, legal, contact pages
 * and the shell read their own documents.
 */
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../../server/app";
import { openDatabase } from "../../server/db/database";
import { COPY_PREFIX } from "../../server/services/content/copy";
import { saveContent } from "../../server/services/content/store";
import { CONTENT_VERSION_TTL_MS } from "../../server/services/content/version";
import type { StaffActor } from "../../server/services/audit";
import { HOME_DOC } from "../../shared/copy/home";
import { SHELL_DOC } from "../../shared/copy/shell";
import { PRIVACY_DOC } from "../../shared/copy/legal";
import { type BuiltServer, buildDir, buildPresent, startBuiltServer } from "../helpers/built-server";
import { createTestDatabase, type TestDatabase, testDatabaseKinds } from "../helpers/databases";
import { testDeps } from "../helpers/deps";
import { staffWithSession } from "../helpers/studio-staff";
import { untilReady } from "../helpers/test-site";

const BUILD_DIR = buildDir();

/** A document's value to change in a test (the documents' values are read-only to the pages). */
type Editable<T> = T extends readonly (infer U)[] ? Editable<U>[] : T extends object ? { -readonly [K in keyof T]: Editable<T[K]> } : T;
const editable = <T,>(value: T) => structuredClone(value) as Editable<T>;
const HOSTILE = '<script>alert("owned")</script><img src=x onerror=alert(1)>';

describe.skipIf(!buildPresent()).each(testDatabaseKinds())(`page copy through the built app on %s (build at ${path.relative(process.cwd(), BUILD_DIR)})`, (kind) => {
  let t: TestDatabase;
  let second: Awaited<ReturnType<typeof openDatabase>>;
  let deps: ReturnType<typeof testDeps>;
  let appA: Awaited<ReturnType<typeof createApp>>;
  let appB: Awaited<ReturnType<typeof createApp>>;
  let editor: StaffActor;
  let proc: BuiltServer;

  const html = async (app: typeof appA, pathname: string) => {
    const res = await app.request(`http://127.0.0.1${pathname}`);
    expect(res.status, pathname).toBe(200);
    return res.text();
  };
  const ready = async (app: typeof appA) => {
    await untilReady(app);
  };
  const save = (docId: string, value: unknown) =>
    saveContent(deps, [{ key: `${COPY_PREFIX}${docId}`, locale: "en", value }], editor, { action: "copy.publish", recordId: docId, detail: `test saved ${docId}` });
  const homeWith = (patch: (home: Editable<ReturnType<typeof HOME_DOC.defaults>>) => void) => {
    const home = editable(HOME_DOC.defaults("en"));
    patch(home);
    return home;
  };

  beforeAll(async () => {
    t = await createTestDatabase(kind);
    deps = testDeps(t.db);
    second = await openDatabase(t.url);
    appA = await createApp({ deps, buildDir: BUILD_DIR });
    appB = await createApp({ deps: testDeps(second), buildDir: BUILD_DIR });
    await Promise.all([ready(appA), ready(appB)]);
    proc = await startBuiltServer({ DATABASE_URL: t.url });
    const e = await staffWithSession(deps, "copy-editor@example.com", "editor");
    editor = { userId: e.userId, label: e.email, clientIp: "203.0.113.9", access: "editor" };
  });
  afterAll(async () => {
    await proc?.stop();
    await second?.close();
    await t?.drop();
  });

  it("a fresh install shows today's copy", async () => {
    const home = await html(appA, "/");
    expect(home).toContain(">Your Digital Growth Assistant Is Here</h1>");
    expect(home).toContain("We call it your Business Buddy with love !!");
    expect(await html(appA, "/about")).toContain("We don&#x27;t build bots. We build trust.");
  });

  it("a saved home headline shows on this server at once and on another within the content version's TTL", async () => {
    // Both servers have rendered (and cached) the home page with the default headline.
    for (const app of [appA, appB]) expect(await html(app, "/")).toContain(">Your Digital Growth Assistant Is Here</h1>");
    const fromProcess = async () => {
      const res = await fetch(`${proc.url}/`);
      expect(res.status).toBe(200);
      return res.text();
    };
    expect(await fromProcess()).toContain(">Your Digital Growth Assistant Is Here</h1>");

    await save("home", homeWith((h) => {
      h.hero.headline = "Every enquiry answered, day and night";
      h.seo.title = "Answered day and night";
    }));
    const mine = await html(appA, "/");
    expect(mine).toContain(">Every enquiry answered, day and night</h1>");
    expect(mine).not.toContain("Your Digital Growth Assistant Is Here</h1>");
    expect(mine).toMatch(/<title>Answered day and night \| Wise Parrot<\/title>/);

    const started = Date.now();
    let other = "";
    while (Date.now() - started < 10_000) {
      other = await html(appB, "/");
      if (other.includes("Every enquiry answered, day and night")) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(other).toContain(">Every enquiry answered, day and night</h1>");
    let elsewhere = "";
    while (Date.now() - started < 10_000) {
      elsewhere = await fromProcess();
      if (elsewhere.includes("Every enquiry answered, day and night")) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(elsewhere).toContain(">Every enquiry answered, day and night</h1>");
    // Within a few TTLs (the version is read at most once per TTL), never a rebuild or restart.
    expect(Date.now() - started).toBeLessThan(CONTENT_VERSION_TTL_MS * 5 + 2_000);
  });

  it("an emptied or too long stored field shows its default, the rest the owner's", async () => {
    await save("home", homeWith((h) => {
      h.hero.headline = "";
      h.hero.tagline = "t".repeat(500);
      h.hero.eyebrow = "Built for Pune's busiest clinics";
    }));
    const page = await html(appA, "/");
    expect(page).toContain(">Your Digital Growth Assistant Is Here</h1>");
    expect(page).toContain("We call it your Business Buddy with love !!");
    expect(page).not.toContain("t".repeat(500));
    expect(page).toContain("Built for Pune&#x27;s busiest clinics");
  });

  it("a testimonial, a banner message and a legal point holding markup show as text", async () => {
    await save("home", homeWith((h) => {
      h.testimonials.items[0]!.quote = `Great ${HOSTILE}`;
      h.testimonials.items[0]!.city = "Nashik";
      h.testimonials.items[0]!.photo = "javascript:alert(1)";
      h.comparison.columns[3] = "Call centres";
    }));
    const shell = editable(SHELL_DOC.defaults("en"));
    shell.banner.messages = [`Banner ${HOSTILE}`];
    await save("shell", shell);
    const privacy = editable(PRIVACY_DOC.defaults("en"));
    privacy.sections[0]!.points = [`Point ${HOSTILE}`];
    privacy.sections[0]!.anchor = '"><b>x';
    await save("legal.privacy", privacy);

    for (const [pathname, label] of [["/", "Great "], ["/about", "Banner "], ["/privacy", "Point "]] as const) {
      const page = await html(appA, pathname);
      expect(page, pathname).toContain(`${label}&lt;script&gt;alert(&quot;owned&quot;)&lt;/script&gt;&lt;img src=x onerror=alert(1)&gt;`);
      expect(page, pathname).not.toContain('<script>alert("owned")');
      expect(page, pathname).not.toContain("<img src=x onerror");
    }
    const home = await html(appA, "/");
    expect(home).toContain("Real estate \u00b7 Nashik");
    expect(home).not.toContain("javascript:alert");
    expect(home).toContain(">Features of Wise Parrot compared with WhatsApp CRMs, AI bot tools, Call centres</caption>");
    const legal = await html(appA, "/privacy");
    expect(legal).toContain('id="b-x"');
    expect(legal).not.toContain("<b>x");
  });

  it("the About, Contact and legal pages and the shell read their own documents", async () => {
    const about = editable((await import("../../shared/copy/about")).ABOUT_DOC.defaults("en"));
    about.intro.heading = "Made in Pune for local businesses";
    about.intro.photo = { src: "https://cdn.example.com/team.jpg", alt: "The team at the Pune office", href: "" };
    await save("about", about);
    const contact = editable((await import("../../shared/copy/contact")).CONTACT_DOC.defaults("en"));
    contact.hero.title = "Talk to a person today";
    contact.cards.items[2]!.message = "Namaste, tell me more";
    await save("contact", contact);
    const terms = editable((await import("../../shared/copy/legal")).TERMS_DOC.defaults("en"));
    terms.sections[0]!.heading = "Who these terms bind";
    await save("legal.terms", terms);
    const aiHelp = editable((await import("../../shared/copy/ai-help")).AI_HELP_DOC.defaults("en"));
    aiHelp.topics[0]!.title = "Automate my follow-ups";
    aiHelp.suggestions = ["What does a clinic kit include?"];
    await save("ai-help", aiHelp);
    const shell = editable(SHELL_DOC.defaults("en"));
    shell.footer.about = "A small team answering WhatsApp for small businesses.";
    await save("shell", shell);

    const aboutPage = await html(appA, "/about");
    expect(aboutPage).toContain("Made in Pune for local businesses");
    expect(aboutPage).toMatch(/<img src="https:\/\/cdn.example.com\/team.jpg" alt="The team at the Pune office"/);
    expect(aboutPage).toContain("A small team answering WhatsApp for small businesses.");
    const contactPage = await html(appA, "/contact");
    expect(contactPage).toContain("Talk to a person today");
    expect(contactPage).toContain(`text=${encodeURIComponent("Namaste, tell me more")}`);
    expect(await html(appA, "/terms")).toContain("Who these terms bind");
    const aiHelpPage = await html(appA, "/ai-help");
    expect(aiHelpPage).toContain("Automate my follow-ups");
    expect(aiHelpPage).toContain('value="What does a clinic kit include?"');
    expect(aiHelpPage).not.toContain("I want to know about pricing");

    // Cleared: back to the defaults everywhere.
    for (const id of ["home", "about", "contact", "ai-help", "legal.terms", "legal.privacy", "shell"]) await save(id, null);
    expect(await html(appA, "/")).toContain(">Your Digital Growth Assistant Is Here</h1>");
    expect(await html(appA, "/about")).toContain("We don&#x27;t build bots. We build trust.");
  });
});
