/**
 * A post's date is the day in the site's zone (issue 44): a post published at 23:00 UTC or at 00:30 India time on
 * 1 December shows 1 December on its page, its card and its feed, in both languages, and in the studio's list.
 */
import path from "node:path";
import { describe, expect, it } from "vitest";
import { insertBlogs } from "../../server/services/blog/posts";
import { MONTHS_HI } from "../../shared/content/hi/blog";
import { testDatabaseKinds } from "../helpers/databases";
import { buildDir, buildPresent } from "../helpers/built-server";
import { staffWithSession } from "../helpers/studio-staff";
import { blogInput, useTestSite } from "../helpers/test-site";

const BUILD_DIR = buildDir();
const HAVE_BUILD = buildPresent();

// 23:00 UTC on 30 November (04:30 on 1 December in India), and 00:30 India time on 1 December (19:00 UTC on 30 November).
const LATE_UTC = "2026-11-30T23:00:00.000Z";
const EARLY_IST = "2026-11-30T19:00:00.000Z";

const text = (html: string) => html.replace(/<!--.*?-->/g, "").replace(/<[^>]+>/g, " ").replace(/\s+/g, " ");

describe.skipIf(!HAVE_BUILD).each(testDatabaseKinds())(`post dates in the site's zone on %s (build at ${path.relative(process.cwd(), BUILD_DIR)})`, (kind) => {
  const site = useTestSite(kind, { app: true });

  it("shows 1 December on the post page, the cards and the feeds, in English and Hindi", async () => {
    await insertBlogs(site.deps, [
      blogInput("late-utc", { title: "Posted late in UTC", date: LATE_UTC }),
      blogInput("early-ist", { title: "Posted early in India", date: EARLY_IST }),
      blogInput("hi-early-ist", { title: "भारत में सुबह छपा लेख", date: EARLY_IST }),
    ]);
    await site.t.db.kysely.updateTable("blogs").set({ language: "hi" }).where("slug", "=", "hi-early-ist").execute();
    for (const slug of ["late-utc", "early-ist", "hi-early-ist"]) {
      const en = text(await (await site.app.request(`/blog/${slug}`)).text());
      const hi = text(await (await site.app.request(`/hi/blog/${slug}`)).text());
      expect(en, slug).toContain("December 1, 2026");
      expect(en, slug).not.toContain("November 30, 2026");
      expect(hi, slug).toContain(`1 ${MONTHS_HI[11]} 2026`);
      expect(hi, slug).not.toContain(`30 ${MONTHS_HI[10]} 2026`);
    }
    // The cards show the month: December, where the UTC day is in November.
    const cards = text(await (await site.app.request("/blogs")).text());
    expect(cards).toContain("Dec 2026");
    expect(cards).not.toContain("Nov 2026");
    const cardsHi = text(await (await site.app.request("/hi/blogs")).text());
    expect(cardsHi).toContain(`${MONTHS_HI[11]} 2026`);
    expect(cardsHi).not.toContain(`${MONTHS_HI[10]} 2026`);
    // The feeds write the site's offset: the day a reader sees is the site's, the instant the same.
    const feed = await (await site.app.request("/rss.xml")).text();
    expect(feed).toContain("<pubDate>Tue, 01 Dec 2026 04:30:00 +0530</pubDate>");
    expect(feed).toContain("<pubDate>Tue, 01 Dec 2026 00:30:00 +0530</pubDate>");
    expect(feed).not.toContain("30 Nov 2026");
    const feedHi = await (await site.app.request("/hi/rss.xml")).text();
    expect(feedHi).toContain("<pubDate>Tue, 01 Dec 2026 00:30:00 +0530</pubDate>");
  });

  it("lists the posts in the studio with their time in the site's zone", async () => {
    const { token } = await staffWithSession(site.deps, `dates.${kind}@example.com`, "editor");
    const studio = text(await (await site.app.request("/studio/posts", { headers: { cookie: `wp_session=${token}` } })).text());
    expect(studio).toContain("1 Dec 2026, 04:30 Asia/Kolkata");
    expect(studio).toContain("1 Dec 2026, 00:30 Asia/Kolkata");
    expect(studio).not.toContain("30 Nov 2026");
  });
});
