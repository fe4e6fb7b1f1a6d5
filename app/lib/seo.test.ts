import { describe, expect, it } from "vitest";
import { SEO } from "@shared/content";
import { testConfig } from "../../tests/helpers/deps";
import { breadcrumbJsonLd, organizationJsonLd, pageMeta, serializeJsonLd, websiteJsonLd } from "./seo";

const site = testConfig({
  PUBLIC_URL: "https://wiseparrot.example.com/",
  COMPANY_EMAIL: "care@wiseparrot.example.com",
  COMPANY_PHONE: "+91 20 0000 1111",
  COMPANY_ADDRESS: "Office 7, Baner, Pune 411045, India",
}).site;
const matches = [{ id: "root", loaderData: { site } }];

type Tag = Record<string, string>;
const find = (tags: Tag[], key: string, value: string) => tags.find((t) => t[key] === value);

describe("pageMeta", () => {
  it("gives each page its title, description, canonical URL, Open Graph and Twitter tags from the public URL", () => {
    const tags = pageMeta({ title: "About", description: "Who we are.", path: "/about", matches }) as Tag[];
    expect(tags[0]).toEqual({ title: "About | Wise Parrot" });
    expect(find(tags, "name", "description")?.content).toBe("Who we are.");
    expect(find(tags, "rel", "canonical")?.href).toBe("https://wiseparrot.example.com/about");
    expect(find(tags, "property", "og:url")?.content).toBe("https://wiseparrot.example.com/about");
    expect(find(tags, "property", "og:title")?.content).toBe("About | Wise Parrot");
    expect(find(tags, "property", "og:image")?.content).toBe(`https://wiseparrot.example.com${SEO.shareImage.path}`);
    expect(find(tags, "property", "og:image:width")?.content).toBe("1200");
    expect(find(tags, "name", "twitter:card")?.content).toBe("summary_large_image");
    expect(find(tags, "name", "twitter:image")?.content).toBe(`https://wiseparrot.example.com${SEO.shareImage.path}`);
    expect(find(tags, "rel", "manifest")?.href).toBe(SEO.manifestPath);
    expect(find(tags, "name", "robots")).toBeUndefined();
  });

  it("keeps a title that already names the product, marks noindex pages, and takes a page's own image and type", () => {
    const tags = pageMeta({
      title: "Wise Parrot",
      description: "d",
      path: "/",
      matches,
      noindex: true,
      type: "article",
      image: { path: "/post.png", width: 800, height: 400, alt: "A post" },
    }) as Tag[];
    expect(tags[0]).toEqual({ title: "Wise Parrot" });
    expect(find(tags, "rel", "canonical")?.href).toBe("https://wiseparrot.example.com/");
    expect(find(tags, "name", "robots")?.content).toBe("noindex");
    expect(find(tags, "property", "og:type")?.content).toBe("article");
    expect(find(tags, "property", "og:image")?.content).toBe("https://wiseparrot.example.com/post.png");
    expect(find(tags, "property", "og:image:alt")?.content).toBe("A post");
  });

  it("leaves out absolute URLs when the site configuration is not known", () => {
    const tags = pageMeta({ title: "About", description: "d", path: "/about", matches: [] }) as Tag[];
    expect(find(tags, "rel", "canonical")).toBeUndefined();
    expect(find(tags, "name", "description")?.content).toBe("d");
  });
});

describe("JSON-LD", () => {
  it("escapes characters that could close the script element, and stays valid JSON", () => {
    const data = { name: "</script><script>alert(1)</script> & \u2028" };
    const text = serializeJsonLd(data);
    expect(text).not.toMatch(/[<>&\u2028]/);
    expect(JSON.parse(text)).toEqual(data);
  });

  it("describes the organization with the configured contact points and address", () => {
    // Read back through the serializer, as a search engine would.
    const org = JSON.parse(serializeJsonLd(organizationJsonLd(site)));
    expect(org["@type"]).toBe("Organization");
    expect(org.url).toBe("https://wiseparrot.example.com/");
    expect(org.email).toBe("care@wiseparrot.example.com");
    expect(org.address).toMatchObject({ "@type": "PostalAddress", streetAddress: "Office 7, Baner, Pune 411045, India" });
    expect(org.contactPoint[0]).toMatchObject({ "@type": "ContactPoint", email: "care@wiseparrot.example.com", telephone: "+91 20 0000 1111" });
    expect(org.contactPoint[1].url).toMatch(/^https:\/\/wa\.me\/910000000000\?text=/);
    expect(org.sameAs).toEqual([site.social.facebook, site.social.instagram, site.social.linkedin, site.social.youtube]);
    expect(websiteJsonLd(site).publisher).toEqual({ "@id": org["@id"] });
  });

  it("numbers breadcrumbs from 1 with absolute URLs", () => {
    const list = JSON.parse(
      serializeJsonLd(
        breadcrumbJsonLd(site, [
          { name: "Home", path: "/" },
          { name: "Terms of Service", path: "/terms" },
        ]),
      ),
    );
    expect(list.itemListElement).toEqual([
      { "@type": "ListItem", position: 1, name: "Home", item: "https://wiseparrot.example.com/" },
      { "@type": "ListItem", position: 2, name: "Terms of Service", item: "https://wiseparrot.example.com/terms" },
    ]);
  });

  it("says the page's language (issue 33): en-IN by default, hi-IN with Hindi addresses and words on a Hindi page", () => {
    expect(websiteJsonLd(site).inLanguage).toBe("en-IN");
    const hindi = websiteJsonLd(site, { locale: "hi", description: "हिन्दी विवरण" });
    expect(hindi).toMatchObject({ inLanguage: "hi-IN", url: "https://wiseparrot.example.com/hi", description: "हिन्दी विवरण" });
    expect(hindi["@id"]).toBe(websiteJsonLd(site)["@id"]);
    expect(organizationJsonLd(site, { locale: "hi", description: "विवरण" })).toMatchObject({ url: "https://wiseparrot.example.com/hi", description: "विवरण" });
    const crumbs = breadcrumbJsonLd(site, [{ name: "होम", path: "/" }, { name: "सेवा की शर्तें", path: "/terms" }], "hi") as { itemListElement: { item: string; name: string }[] };
    expect(crumbs.itemListElement.map((c) => [c.name, c.item])).toEqual([
      ["होम", "https://wiseparrot.example.com/hi"],
      ["सेवा की शर्तें", "https://wiseparrot.example.com/hi/terms"],
    ]);
  });
});
