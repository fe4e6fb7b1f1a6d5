/**
 * Page actions read forms. A write to a page whose body is not a form (JSON, plain text, a broken multipart body,
 * nothing) is a 415 with a JSON message, never a 500, and changes nothing; a real form still reaches the action.
 */
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../../server/app";
import { buildDir, buildPresent } from "../helpers/built-server";
import { createTestDatabase, type TestDatabase } from "../helpers/databases";
import { testDeps } from "../helpers/deps";
import { untilReady } from "../helpers/test-site";

const BUILD_DIR = buildDir();
const ORIGIN = "http://localhost:3000";

describe.skipIf(!buildPresent())(`page writes that are not forms (build at ${path.relative(process.cwd(), BUILD_DIR)})`, () => {
  let t: TestDatabase;
  let app: Awaited<ReturnType<typeof createApp>>;

  beforeAll(async () => {
    t = await createTestDatabase("sqlite");
    app = await createApp({ deps: testDeps(t.db), buildDir: BUILD_DIR });
    await untilReady(app);
  });
  afterAll(async () => {
    await t?.drop();
  });

  const send = (pathname: string, body: BodyInit | null, contentType?: string) =>
    app.request(pathname, {
      method: "POST",
      headers: { origin: ORIGIN, ...(contentType ? { "content-type": contentType } : {}) },
      body,
    });

  const pages = ["/sign-in", "/get-started", "/contact", "/reset-password?token=x", "/forgot-password", "/blog/anything", "/sign-out"];

  it.each(pages)("%s answers 415 to JSON, text, a broken multipart body and no body", async (pathname) => {
    const answers = [
      await send(pathname, JSON.stringify({ email: "a@example.com", password: "x" }), "application/json"),
      await send(pathname, "email=a@example.com", "text/plain"),
      await send(pathname, "--x\r\nbroken", "multipart/form-data; boundary=x"),
      await send(pathname, null),
    ];
    for (const res of answers) {
      expect(res.status).toBe(415);
      expect(await res.json()).toMatchObject({ success: false });
    }
  });

  it("a real form still reaches the page's action", async () => {
    const res = await send("/sign-in", new URLSearchParams({ email: "nobody@example.com", password: "not-the-one-1A" }).toString(), "application/x-www-form-urlencoded");
    expect(res.status).not.toBe(415);
    expect(res.status).toBeLessThan(500);
  });
});
