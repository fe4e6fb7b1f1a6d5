import { renderToStaticMarkup } from "react-dom/server";
import { RouterProvider, createMemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { ERROR_SCREEN } from "@shared/content/site";
import { ERROR_SCREEN_HI } from "@shared/content/hi/site";
import { ErrorScreen } from "./error-screen";
import { LanguageSwitch } from "./language-switch";

/** A component as it renders at an address (its language is the address's), inside a data router as on the site. */
const at = (path: string, node: React.ReactNode) =>
  renderToStaticMarkup(<RouterProvider router={createMemoryRouter([{ path: "*", element: node }], { initialEntries: [path] })} />);

describe("the error screen", () => {
  it("speaks the page's language and leads to that language's home page", () => {
    const hi = at("/hi/about", <ErrorScreen details="x" />);
    expect(hi).toContain(ERROR_SCREEN_HI.title);
    expect(hi).toContain(ERROR_SCREEN_HI.refresh);
    expect(hi).toContain('href="/hi"');
    const en = at("/about", <ErrorScreen details="x" />);
    expect(en).toContain(ERROR_SCREEN.title.replace("'", "&#x27;"));
    expect(en).toContain('href="/"');
    expect(en).not.toContain(ERROR_SCREEN_HI.title);
  });
});

describe("the language switch", () => {
  it("names the other language in that language, and links to the same page in it", () => {
    expect(at("/blogs?category=x", <LanguageSwitch />)).toMatch(/<a href="\/hi\/blogs\?category=x" lang="hi" hrefLang="hi"[^>]*>.*हिन्दी<\/span><\/a>/);
    expect(at("/hi", <LanguageSwitch />)).toMatch(/<a href="\/" lang="en" hrefLang="en"[^>]*>.*English<\/span><\/a>/);
  });
});
