import { describe, expect, it } from "vitest";
import { isImageAddress, isMediaPath } from "../http-url";
import { ABOUT_DOC } from "./about";
import { HOME_DOC } from "./home";
import { mergeDoc } from "./merge";
import { missingProof } from "./proof";
import { checkCopy } from "./validate";

const LOGO = "/media/0123456789abcdef0123-480.webp";

describe("proof the owner gives (issue 45)", () => {
  it("a fresh install invents none: no customer, no source, no business name or result, no team", () => {
    for (const locale of ["en", "hi"] as const) {
      const home = HOME_DOC.defaults(locale);
      expect(home.testimonials.logos).toEqual([]);
      expect(home.metrics.items.map((m) => [m.source, m.sourceHref])).toEqual([["", ""], ["", ""], ["", ""]]);
      expect(home.testimonials.items.every((t) => t.photo === "" && t.businessName === "" && t.result === "" && t.caseStudy === "")).toBe(true);
      expect(ABOUT_DOC.defaults(locale).team.people).toEqual([]);
    }
    expect(missingProof(HOME_DOC.defaults("en"), ABOUT_DOC.defaults("en")).map((m) => [m.key, m.text, m.href])).toEqual([
      ["customers", "No customer logos or names yet: the strip under the testimonials stays hidden.", "/studio/pages/home#copy-testimonials.logos"],
      ["testimonials", "3 of 3 testimonials lack a photo, a business name or a measured result.", "/studio/pages/home#copy-testimonials.items.0"],
      ["sources", "3 of 3 results on the home page have no source line under the figure.", "/studio/pages/home#copy-metrics.items.0.source"],
      ["team", "The About page shows no team yet: add a photo, a name and a role for each person.", "/studio/pages/about#copy-team.people"],
    ]);
  });

  it("says only what is still missing, and nothing once every place is filled", () => {
    // Copies the test may change (the documents' values are typed read-only).
    type Mutable<T> = { -readonly [K in keyof T]: Mutable<T[K]> };
    const home = structuredClone(HOME_DOC.defaults("en")) as Mutable<ReturnType<typeof HOME_DOC.defaults>>;
    const about = structuredClone(ABOUT_DOC.defaults("en")) as Mutable<ReturnType<typeof ABOUT_DOC.defaults>>;
    home.testimonials.logos = [{ name: "Asha Clinics", city: "Pune", src: "", alt: "", href: "" }];
    home.testimonials.items[0] = { ...home.testimonials.items[0]!, photo: LOGO, businessName: "Green Heights Realty", result: "3x site visits in 10 days" };
    home.metrics.items[1] = { ...home.metrics.items[1]!, source: "Asha Clinics, Pune, 2026" };
    const some = missingProof(home, about);
    expect(some.map((m) => m.key)).toEqual(["testimonials", "sources", "team"]);
    expect(some[0]).toMatchObject({ text: "2 of 3 testimonials lack a photo, a business name or a measured result.", href: "/studio/pages/home#copy-testimonials.items.1" });
    expect(some[1]).toMatchObject({ text: "2 of 3 results on the home page have no source line under the figure.", href: "/studio/pages/home#copy-metrics.items.0.source" });

    home.testimonials.items = home.testimonials.items.map((t) => ({ ...t, photo: LOGO, businessName: "B", result: "R" }));
    home.metrics.items = home.metrics.items.map((m) => ({ ...m, source: "S" }));
    about.team.people = [{ photo: "", name: "Neha Joshi", role: "Founder" }];
    expect(missingProof(home, about)).toEqual([]);
  });

  it("image fields take a media library file or an http(s) address; other paths are refused and never shown", () => {
    expect(isMediaPath(LOGO)).toBe(true);
    for (const bad of ["/media/../secret", "/media/a b.webp", "/mediax/a.webp", "/media/", "//evil.example/a.png", "javascript:alert(1)"]) expect(isImageAddress(bad), bad).toBe(false);
    expect(isImageAddress("https://cdn.example.com/logo.png")).toBe(true);

    const home = HOME_DOC.defaults("en");
    const customer = { name: "", city: "", src: LOGO, alt: "Asha Clinics", href: "" };
    const ok = checkCopy(HOME_DOC.sections, { ...home, testimonials: { ...home.testimonials, logos: [customer, { ...customer, src: "", name: "Pune Homes" }] } }, home);
    expect(ok.errors).toEqual({});
    const bad = checkCopy(HOME_DOC.sections, { ...home, testimonials: { ...home.testimonials, logos: [{ ...customer, src: "/etc/passwd" }] } }, home);
    expect(bad.errors["testimonials.logos.0.src"]).toMatch(/media library/);
    // A case study must be a web address; a team member needs a name (the role and the photo may wait).
    const noLink = checkCopy(HOME_DOC.sections, { ...home, testimonials: { ...home.testimonials, items: home.testimonials.items.map((t) => ({ ...t, caseStudy: "/blog/x" })) } }, home);
    expect(noLink.errors["testimonials.items.0.caseStudy"]).toMatch(/https:\/\//);
    const about = ABOUT_DOC.defaults("en");
    const team = checkCopy(ABOUT_DOC.sections, { ...about, team: { ...about.team, people: [{ photo: "", name: "", role: "" }, { photo: LOGO, name: "Neha", role: "" }] } }, about);
    expect(Object.keys(team.errors)).toEqual(["team.people.0.name"]);

    const shown = mergeDoc(HOME_DOC.sections, { testimonials: { logos: [customer, { ...customer, src: "/elsewhere/x.png" }] } }, home);
    expect(shown.testimonials.logos.map((l) => l.src)).toEqual([LOGO, ""]);
  });
});
