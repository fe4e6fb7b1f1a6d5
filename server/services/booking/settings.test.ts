import { describe, expect, it } from "vitest";
import { ConfigError, parseConfig } from "../../config";
import { checkSettings } from "../../../shared/schemas/studio-settings-form";

describe("the demo booking's settings", () => {
  it("books on the site unless a real outside link is configured, or the owner says so", () => {
    expect(parseConfig({}).settings.demoBooking).toBe("site");
    expect(parseConfig({ BOOKING_URL: "https://payments.example.com/wise-parrot-demo" }).site.bookingUrl).toBe("/book-demo");
    const outside = parseConfig({ BOOKING_URL: "https://rzp.io/l/acme-demo" });
    expect(outside.site).toMatchObject({ bookingUrl: "https://rzp.io/l/acme-demo", bookingOnSite: false });
    expect(parseConfig({ BOOKING_URL: "https://rzp.io/l/acme-demo", DEMO_BOOKING: "site" }).site.bookingUrl).toBe("/book-demo");
  });

  it("reads the availability and the price from the environment, by the Settings' own rules", () => {
    const c = parseConfig({ BOOKING_HOURS: "Sat 09:00-12:00", DEMO_PRICE: "499.50", BOOKING_BLOCKED_DATES: "2026-12-25" });
    expect(c.settings.bookingHours[6]).toEqual([[540, 720]]);
    expect(c.settings.demoPrice).toBe(49950);
    expect(c.settings.bookingBlockedDates).toEqual(["2026-12-25"]);
    expect(() => parseConfig({ BOOKING_HOURS: "Someday" })).toThrow(ConfigError);
  });

  it("wants all three Razorpay keys or none", () => {
    expect(() => parseConfig({ RAZORPAY_KEY_ID: "rzp_test_x" })).toThrow(/set all three, or none/);
    expect(parseConfig({ RAZORPAY_KEY_ID: "a", RAZORPAY_KEY_SECRET: "b", RAZORPAY_WEBHOOK_SECRET: "c" }).RAZORPAY_KEY_ID).toBe("a");
  });

  it("checks what the owner types with a message next to the field", () => {
    const { values, errors } = checkSettings({ demoBooking: "link", bookingHours: "Mon-Fri 10:00-09:00", bookingSlotMinutes: "5", bookingBlockedDates: "2026-02-30", meetingLink: "https://meet.example.org/x", demoPrice: "0" });
    expect(values).toMatchObject({ demoBooking: "link", meetingLink: "https://meet.example.org/x" });
    expect(errors.bookingHours).toMatch(/must end after it starts/);
    expect(errors.bookingSlotMinutes).toMatch(/from 10 to 240/);
    expect(errors.bookingBlockedDates).toMatch(/not a date/);
    expect(errors.demoPrice).toMatch(/from 1 to 100000/);
  });
});
