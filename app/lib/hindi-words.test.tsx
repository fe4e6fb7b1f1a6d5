import { renderToStaticMarkup } from "react-dom/server";
import { RouterProvider, createMemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { hindiNow, hindiWords, loadNamedHindi, useText } from "./hindi-words";

/** A component as it renders at an address, inside a data router as on the site. */
const at = (path: string, node: React.ReactNode) =>
  renderToStaticMarkup(<RouterProvider router={createMemoryRouter([{ path: "*", element: node }], { initialEntries: [path] })} />);

describe("Hindi words", () => {
  it("are not fetched by an English page, and are by a Hindi one before it renders", async () => {
    let fetched = 0;
    const WORDS = hindiWords("test-greeting", async () => {
      fetched += 1;
      return { GREETING_HI: { hello: "नमस्ते" } };
    });
    function Greeting() {
      return <p>{useText({ hello: "Hello" }, WORDS, (hi) => hi.GREETING_HI).hello}</p>;
    }
    expect(at("/about", <Greeting />)).toBe("<p>Hello</p>");
    expect(fetched).toBe(0);
    // Until fetched, reading them suspends (a thrown promise), never shows the English instead.
    expect(() => hindiNow(WORDS)).toThrow();
    await loadNamedHindi();
    expect(fetched).toBe(1);
    expect(at("/hi/about", <Greeting />)).toBe("<p>नमस्ते</p>");
    expect(hindiNow(WORDS).GREETING_HI.hello).toBe("नमस्ते");
    await loadNamedHindi();
    expect(fetched).toBe(1);
  });

  it("are all ready in the tests, as on the server, under the names the components use", () => {
    const SHELL = hindiWords("shell", () => import("./hindi/shell"));
    expect(hindiNow(SHELL).HEADER_HI.signIn).toMatch(/[\u0900-\u097F]/);
  });
});
