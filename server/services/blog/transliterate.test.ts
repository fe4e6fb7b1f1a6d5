/**
 * Hindi post addresses (issue 44, item 6): a Devanagari title becomes a readable Latin slug, "WhatsApp" kept.
 * The titles are real ones: the review's two (which got `post` and `whatsapp`), and Hindi titles of the kind the
 * site's posts carry. Before this change every one of them lost its Hindi words.
 */
import { describe, expect, it } from "vitest";
import { slugify } from "./studio-post-fields";
import { transliterateDevanagari } from "./transliterate";

describe("a Hindi title's address", () => {
  it.each([
    ["क्लिनिक के लिए पाँच तरीक़े", "klinik-ke-liye-panch-tarike"],
    ["छोटे क्लिनिक के लिए WhatsApp पर अपॉइंटमेंट: पाँच आसान तरीक़े", "chhote-klinik-ke-liye-whatsapp-par-apointment-panch-asan-tarike"],
    ["रियल एस्टेट में लीड का जवाब कैसे दें", "riyal-estet-men-lid-ka-javab-kaise-den"],
    ["त्योहार के मौसम में ज़्यादा बुकिंग कैसे पाएँ", "tyohar-ke-mausam-men-zyada-buking-kaise-payen"],
    ["लीड को ग्राहक में बदलने के 7 तरीक़े", "lid-ko-grahak-men-badalne-ke-7-tarike"],
    ["हिन्दी में ग्राहक सेवा: AI और इंसान", "hindi-men-grahak-seva-ai-aur-insan"],
    ["सैलून और जिम के लिए फ़ॉलो-अप सीक्वेंस", "sailun-aur-jim-ke-liye-folo-ap-sikvens"],
    ["कोचिंग सेंटर का एडमिशन सीज़न", "koching-sentar-ka-edmishan-sizan"],
  ])("%s → %s", (title, slug) => {
    expect(slugify(title)).toBe(slug);
  });

  it("keeps the inherent a where Hindi says it and drops it where Hindi does not", () => {
    expect(transliterateDevanagari("समझना कमला अपना सरकार ग्राहक ज्ञान बिज़नेस फ़ायदा")).toBe("samajhna kamla apna sarkar grahak gyan biznes fayda");
  });

  it("reads a nukta letter written precomposed or as two code points alike, and Devanagari digits as Latin", () => {
    expect(transliterateDevanagari("\u095b\u094d\u092f\u093e\u0926\u093e")).toBe(transliterateDevanagari("ज़्यादा"));
    expect(slugify("२०२६ में नया क्या है?")).toBe("2026-men-naya-kya-hai");
  });

  it("leaves English titles as they were, and an address is ASCII letters, digits and dashes of at most 80 characters", () => {
    expect(slugify("My First Post!")).toBe("my-first-post");
    expect(slugify("Café Déjà Vu")).toBe("cafe-deja-vu");
    const long = slugify("छोटे क्लिनिक के लिए WhatsApp पर अपॉइंटमेंट: पाँच आसान तरीक़े और त्योहार के मौसम में ज़्यादा बुकिंग कैसे पाएँ");
    expect(long).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
    expect(long.length).toBeLessThanOrEqual(80);
  });
});
