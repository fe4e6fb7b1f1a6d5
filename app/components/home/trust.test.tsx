import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { TRUST_SLOTS } from "@shared/content";
import { TESTIMONIALS_HI } from "@shared/content/hi/home";
import { AboutPhoto, CustomerStrip, LogoStrip, PartnerBadge, Portrait, TeamMember, shownCustomers } from "./trust";

describe("trust slots", () => {
  it("are empty on a fresh install and then render nothing", () => {
    expect(TRUST_SLOTS.logos).toEqual([]);
    expect(TRUST_SLOTS.partnerBadge).toBeNull();
    expect(TRUST_SLOTS.aboutPhoto).toBeNull();
    expect(renderToStaticMarkup(<LogoStrip />)).toBe("");
    expect(renderToStaticMarkup(<PartnerBadge />)).toBe("");
    expect(renderToStaticMarkup(<AboutPhoto />)).toBe("");
  });

  it("show what the owner fills in, sized up front and with its text alternative", () => {
    const strip = renderToStaticMarkup(<LogoStrip logos={[{ src: "/media/a.png", alt: "Asha Clinics" }, { src: "/media/b.png", alt: "Pune Homes", href: "https://example.com" }]} />);
    expect(strip.match(/<img /g)).toHaveLength(2);
    expect(strip).toContain('alt="Asha Clinics"');
    expect(strip).toContain('width="144" height="48"');
    expect(strip).toContain('loading="lazy"');
    expect(strip).toContain('href="https://example.com" target="_blank" rel="noopener noreferrer"');
    expect(renderToStaticMarkup(<PartnerBadge badge={{ src: "/media/p.svg", alt: "Partner" }} />)).toContain('alt="Partner"');
    expect(renderToStaticMarkup(<AboutPhoto photo={{ src: "/media/team.jpg", alt: "The team in Pune" }} />)).toMatch(/<img[^>]+alt="The team in Pune"/);
  });

  it("a testimonial without a photo shows the initials; with one, the photo", () => {
    expect(renderToStaticMarkup(<Portrait person={{ name: "Rohan Deshmukh" }} />)).toContain(">RD<");
    const photo = renderToStaticMarkup(<Portrait person={{ name: "Rohan Deshmukh", photo: "/media/rohan.jpg" }} />);
    expect(photo).toMatch(/<img[^>]+src="\/media\/rohan.jpg"/);
    expect(photo).not.toContain(">RD<");
  });

  it("a Hindi name's avatar is one letter, never two that read as a word (रोहन देशमुख gave रद, 'cancelled'; issue 44)", () => {
    const initials = (name: string) => renderToStaticMarkup(<Portrait person={{ name }} />).match(/>([^<>]+)<\/span>/)?.[1];
    expect(initials("रोहन देशमुख")).toBe("र");
    expect(initials("डॉ. मीरा कुलकर्णी")).toBe("म");
    expect(initials("आशा शर्मा")).toBe("आ");
    for (const person of TESTIMONIALS_HI.items) expect([...(initials(person.name) ?? "")]).toHaveLength(1);
  });

  it("customers: a logo in grey, else the name with its city; one without a logo or a name is not shown", () => {
    const customers = shownCustomers([
      { name: "Asha Clinics", city: "Pune", src: "/media/0123456789abcdef0123-480.webp", alt: "", href: "" },
      { name: "Green Heights", city: "Nashik", src: "", alt: "", href: "https://example.com/case" },
      { name: "  ", city: "Mumbai", src: "", alt: "", href: "" },
      { name: "", city: "", src: "/media/ffffffffffffffffffff-480.webp", alt: "", href: "" },
    ]);
    expect(customers.map((c) => c.name)).toEqual(["Asha Clinics", "Green Heights"]);
    const strip = renderToStaticMarkup(<CustomerStrip heading="Businesses that trust us" customers={customers} />);
    expect(strip).toMatch(/<img[^>]+alt="Asha Clinics"[^>]+class="[^"]*grayscale/);
    expect(strip).toContain(">Green Heights<");
    expect(strip).toContain(">Nashik<");
    expect(strip).not.toContain("Mumbai");
    expect(renderToStaticMarkup(<CustomerStrip customers={[]} />)).toBe("");
  });

  it("a team member: the photo sized up front, or the initials; the name and the role", () => {
    const withPhoto = renderToStaticMarkup(<TeamMember person={{ photo: "/media/aaaaaaaaaaaaaaaaaaaa-320.webp", name: "Neha Joshi", role: "Founder" }} />);
    expect(withPhoto).toMatch(/<img[^>]+width="320" height="320" loading="lazy"/);
    expect(withPhoto).toContain(">Neha Joshi<");
    expect(withPhoto).toContain(">Founder<");
    const without = renderToStaticMarkup(<TeamMember person={{ photo: "", name: "Neha Joshi", role: "" }} />);
    expect(without).not.toContain("<img");
    expect(without).toContain(">NJ<");
  });
});
