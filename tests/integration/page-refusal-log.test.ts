/**
 * Issue 39, item 11: an anonymous POST to a public page (which has no action) is answered 405 by React Router, and
 * that was logged as an error-level "page error" with a stack, as if the server had failed. It is the client's
 * mistake: one info line "page request refused" with the status, no stack; a real failure is still a "page error".
 * Through the app over the production build (skipped without it, like the other page tests).
 */
import { describe, expect, it } from "vitest";
import { handleError } from "../../app/entry.server";
import { buildPresent } from "../helpers/built-server";
import { useTestSite } from "../helpers/test-site";

type Line = Record<string, unknown>;

describe.skipIf(!buildPresent())("a page's refusal in the log", () => {
  const site = useTestSite("sqlite", { app: true });
  const lines = () => site.deps.logs.lines.map((l) => JSON.parse(l) as Line);

  it("a POST to /about: 405, one info line with the status and no stack, no page error", async () => {
    for (const path of ["/about", "/hi/about", "/privacy"]) {
      const res = await site.app.request(`http://127.0.0.1${path}`, { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body: "a=1" });
      expect(res.status, path).toBe(405);
      const reqId = res.headers.get("x-request-id");
      const mine = lines().filter((l) => l.reqId === reqId);
      expect(mine.filter((l) => l.msg === "page error"), path).toEqual([]);
      const refused = mine.filter((l) => l.msg === "page request refused");
      expect(refused, path).toEqual([expect.objectContaining({ level: 30, status: 405, method: "POST", path })]);
      expect(JSON.stringify(refused)).not.toContain("stack");
      expect(mine.every((l) => Number(l.level) < 50), path).toBe(true);
    }
  });

  it("a loader's real failure is still an error with its stack", () => {
    handleError(new Error("the loader broke"), { request: new Request("http://127.0.0.1/blogs"), params: {}, context: { deps: site.deps, requestId: "req-refusal-2" } } as never);
    expect(lines().find((l) => l.reqId === "req-refusal-2")).toMatchObject({ level: 50, msg: "page error", err: expect.objectContaining({ stack: expect.any(String) }) });
  });
});
