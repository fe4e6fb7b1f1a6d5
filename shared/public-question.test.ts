import { describe, expect, it } from "vitest";
import { publicQuestion } from "./public-question";

describe("publicQuestion (Answer this)", () => {
  it("writes a group's lower-case wording as a public question", () => {
    expect(publicQuestion("can i pay with upi")).toBe("Can I pay with UPI?");
    expect(publicQuestion("  do you   give a gst invoice ??")).toBe("Do you give a GST invoice?");
    expect(publicQuestion("is there a whatsapp crm integration")).toBe("Is there a WhatsApp CRM integration?");
  });
  it("keeps Hindi and a statement as they are, with one question mark for a question", () => {
    expect(publicQuestion("क्या UPI से भुगतान कर सकते हैं")).toBe("क्या UPI से भुगतान कर सकते हैं?");
    expect(publicQuestion("tell me about refunds.")).toBe("Tell me about refunds.");
    expect(publicQuestion("")).toBe("");
  });
});
