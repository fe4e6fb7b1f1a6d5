/**
 * The headers that follow the owner's settings (issue 46, decision 0045): the demo video saved in Settings is the
 * one the page's policy lets it frame (frame-src), on the ordinary render and on the shared pages' cached ones, on
 * this server at once and on another within seconds; Settings refuses an address the page cannot embed and says
 * which hosts work.
 */
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "../../server/db/database";
import { saveSettings } from "../../server/services/content/settings";
import { checkSettings } from "../../shared/schemas/studio-settings-form";
import { isServiceError } from "../../server/services/errors";
import type { StaffActor } from "../../server/services/audit";
import { videoEmbedProblem } from "../../shared/video-embed";
import { buildDir, buildPresent } from "../helpers/built-server";
import { createTestDatabase, type TestDatabase, testDatabaseKinds } from "../helpers/databases";
import { testDeps } from "../helpers/deps";
import { staffWithSession } from "../helpers/studio-staff";
import { readyApp, type TestApp } from "../helpers/test-site";

const ENV_VIDEO = "https://video.example.com/embed/wise-parrot-demo";
const frameSrc = (res: Response) => /(?:^|;\s*)frame-src ([^;]*)/.exec(res.headers.get("content-security-policy") ?? "")?.[1];

describe("a demo video address the page can embed", () => {
  it("takes YouTube's, youtube-nocookie's and Vimeo's players and any other https player", () => {
    for (const url of [
      "https://www.youtube.com/embed/dQw4w9WgXcQ",
      "https://youtube.com/embed/dQw4w9WgXcQ?start=30",
      "https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ",
      "https://player.vimeo.com/video/76979871",
      "https://fast.wistia.net/embed/iframe/abc123",
    ]) expect(videoEmbedProblem(url), url).toBeNull();
  });

  it("refuses the pages that cannot be framed, naming the player address to use, and http", () => {
    expect(videoEmbedProblem("https://www.youtube.com/watch?v=dQw4w9WgXcQ")).toContain("https://www.youtube.com/embed/dQw4w9WgXcQ");
    expect(videoEmbedProblem("https://youtu.be/dQw4w9WgXcQ")).toContain("https://www.youtube.com/embed/dQw4w9WgXcQ");
    expect(videoEmbedProblem("https://www.youtube.com/shorts/dQw4w9WgXcQ")).toContain("https://www.youtube.com/embed/dQw4w9WgXcQ");
    expect(videoEmbedProblem("https://vimeo.com/76979871")).toContain("https://player.vimeo.com/video/76979871");
    for (const url of ["https://www.youtube.com/@wiseparrot", "https://player.vimeo.com/", "http://video.example.com/embed/1"]) {
      expect(videoEmbedProblem(url), url).toMatch(/YouTube.*youtube-nocookie.*Vimeo.*any https address whose host allows embedding/);
    }
  });

  it("Settings gives the message next to the field", () => {
    const { errors, values } = checkSettings({ demoVideoUrl: "https://www.youtube.com/watch?v=dQw4w9WgXcQ" });
    expect(values).toEqual({});
    expect(errors.demoVideoUrl).toBe("Demo video is YouTube's page, which cannot be embedded: use its player, https://www.youtube.com/embed/dQw4w9WgXcQ.");
    expect(checkSettings({ demoVideoUrl: " https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ " }).values).toEqual({ demoVideoUrl: "https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ" });
  });
});

const BUILD_DIR = buildDir();

describe.skipIf(!buildPresent()).each(testDatabaseKinds())(`the policy follows the saved video on %s (build at ${path.relative(process.cwd(), BUILD_DIR)})`, (kind) => {
  let t: TestDatabase;
  let second: Awaited<ReturnType<typeof openDatabase>>;
  let deps: ReturnType<typeof testDeps>;
  let appA: TestApp;
  let appB: TestApp;
  let owner: StaffActor;

  beforeAll(async () => {
    t = await createTestDatabase(kind);
    deps = testDeps(t.db, { DEMO_VIDEO_URL: ENV_VIDEO });
    second = await openDatabase(t.url);
    [appA, appB] = await Promise.all([readyApp(deps, BUILD_DIR), readyApp(testDeps(second, { DEMO_VIDEO_URL: ENV_VIDEO }), BUILD_DIR)]);
    const o = await staffWithSession(deps, "video-owner@example.com", "owner");
    owner = { userId: o.userId, label: o.email, clientIp: "203.0.113.5", access: "owner" };
  });
  afterAll(async () => {
    await second?.close();
    await t?.drop();
  });

  // The home page (the ordinary render), /contact and /blogs (the shared pages' cache, their own policy).
  const PAGES = ["/", "/hi", "/contact", "/blogs"];

  it("a fresh site frames the environment's video; a saved one replaces it on every page, here at once and on another server within seconds", async () => {
    for (const p of PAGES) expect(frameSrc(await appA.request(`http://127.0.0.1${p}`)), p).toBe("https://video.example.com");
    for (const p of PAGES) expect(frameSrc(await appB.request(`http://127.0.0.1${p}`)), p).toBe("https://video.example.com");

    await saveSettings(deps, { demoVideoUrl: "https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ" }, owner);
    for (const p of PAGES) {
      const res = await appA.request(`http://127.0.0.1${p}`);
      expect(frameSrc(res), p).toBe("https://www.youtube-nocookie.com");
      if (p === "/") expect(await res.text()).toContain("https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ");
    }
    let other: string | undefined;
    for (let i = 0; i < 50 && other !== "https://www.youtube-nocookie.com"; i++) {
      await new Promise((r) => setTimeout(r, 100));
      other = frameSrc(await appB.request("http://127.0.0.1/"));
    }
    expect(other).toBe("https://www.youtube-nocookie.com");

    // Cleared: the environment's again.
    await saveSettings(deps, { demoVideoUrl: "" }, owner);
    for (const p of PAGES) expect(frameSrc(await appA.request(`http://127.0.0.1${p}`)), p).toBe("https://video.example.com");
  });

  it("a watch page is refused by the save, naming its field, and the policy keeps the video it had", async () => {
    try {
      await saveSettings(deps, { demoVideoUrl: "https://www.youtube.com/watch?v=dQw4w9WgXcQ" }, owner);
      expect.unreachable("the save should be refused");
    } catch (error) {
      expect(isServiceError(error) && error.field).toBe("demoVideoUrl");
    }
    expect(frameSrc(await appA.request("http://127.0.0.1/"))).toBe("https://video.example.com");
  });
});
