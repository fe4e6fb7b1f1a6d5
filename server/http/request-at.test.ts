import { describe, expect, it } from "vitest";
import { requestAt } from "./request-at";

describe("requestAt", () => {
  it("sends the same request to another address: method, headers, body and abort signal", async () => {
    const controller = new AbortController();
    const posted = new Request("http://127.0.0.1:4800/contact?x=1", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", cookie: "a=b" },
      body: "name=Asha&message=Hello",
      signal: controller.signal,
    });
    const moved = requestAt(posted, "https://wise.example/contact?x=1");
    expect(moved.url).toBe("https://wise.example/contact?x=1");
    expect(moved.method).toBe("POST");
    expect(moved.headers.get("cookie")).toBe("a=b");
    expect(await moved.text()).toBe("name=Asha&message=Hello");
    controller.abort();
    expect(moved.signal.aborted).toBe(true);
  });

  it("gives a GET or HEAD no body", () => {
    for (const method of ["GET", "HEAD"]) {
      const moved = requestAt(new Request("http://127.0.0.1:4800/studio/x", { method }), new URL("http://127.0.0.1:4800/404"));
      expect(moved.method).toBe(method);
      expect(moved.url).toBe("http://127.0.0.1:4800/404");
      expect(moved.body).toBeNull();
    }
  });
});
