import { describe, expect, it } from "vitest";
import { displayAddress, plainText } from "./plain-text";

describe("an assistant answer as plain text (issue 45, item 7: the studio's questions page)", () => {
  it("drops Markdown markers and writes links out with their address decoded", () => {
    const answer = "**Talk to us:**\n- [WhatsApp](https://wa.me/919876543210?text=Hello%2C%20I%20need%20help)\n* [Call](tel:+919876543210)\n## Prices\nSee [our prices](/pricing) and `code`.";
    expect(plainText(answer)).toBe(
      "Talk to us:\n\u2022 WhatsApp (https://wa.me/919876543210?text=Hello, I need help)\n\u2022 Call (+919876543210)\nPrices\nSee our prices (/pricing) and code.",
    );
  });

  it("decodes a bare percent-encoded address, and keeps what is not Markdown", () => {
    expect(plainText("Open https://example.com/a%20b now, 2 * 3 = 6 and snake_case_name")).toBe("Open https://example.com/a b now, 2 * 3 = 6 and snake_case_name");
    expect(plainText("Plain text.")).toBe("Plain text.");
  });

  it("leaves a broken escape as it was sent", () => {
    expect(displayAddress("https://example.com/%E0%A4")).toBe("https://example.com/%E0%A4");
    expect(displayAddress("mailto:hello%40example.com")).toBe("hello@example.com");
  });
});
