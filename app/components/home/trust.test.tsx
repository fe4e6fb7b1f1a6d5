import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { TRUST_SLOTS } from "@shared/content";
import { TESTIMONIALS_HI } from "@shared/content/hi/home";
import { AboutPhoto, LogoStrip, PartnerBadge, Portrait } from "./trust";

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
    expect(strip).toContain('height="40" width="120"');
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
});
