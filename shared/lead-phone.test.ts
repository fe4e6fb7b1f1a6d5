import { describe, expect, it } from "vitest";
import { replyPhone } from "./lead-phone";

describe("a lead's phone number for the reply links", () => {
  it("keeps a number written with its country code", () => {
    expect(replyPhone("+91 98765 43210")).toEqual({ whatsapp: "919876543210", tel: "tel:+919876543210" });
    expect(replyPhone("+44 7700 900123")).toEqual({ whatsapp: "447700900123", tel: "tel:+447700900123" });
    expect(replyPhone("0091 98765-43210")).toEqual({ whatsapp: "919876543210", tel: "tel:+919876543210" });
    // Twelve digits without a +: taken to carry the country code already.
    expect(replyPhone("919876543210")).toEqual({ whatsapp: "919876543210", tel: "tel:919876543210" });
  });

  it("reads a number without a country code as Indian: 10 digits, or 11 with the trunk 0", () => {
    expect(replyPhone("98765 43210")).toEqual({ whatsapp: "919876543210", tel: "tel:+919876543210" });
    expect(replyPhone("(0) 98765 43210")).toEqual({ whatsapp: "919876543210", tel: "tel:+919876543210" });
    expect(replyPhone("020-2567-8901")).toEqual({ whatsapp: "912025678901", tel: "tel:+912025678901" });
  });

  it("gives no WhatsApp link for too few digits, and a call link as typed for a short local number", () => {
    expect(replyPhone("2567 8901")).toEqual({ whatsapp: "25678901", tel: "tel:25678901" });
    expect(replyPhone("12345")).toEqual({ whatsapp: null, tel: "tel:12345" });
    expect(replyPhone("n/a")).toEqual({ whatsapp: null, tel: null });
  });
});
