import { describe, expect, it } from "vitest";
import { ONBOARDING_DOC } from "../../shared/copy/onboarding";
import type { Actor } from "../../server/services/audit";
import { saveContent } from "../../server/services/content/store";
import { getBrief, saveBrief } from "../../server/services/onboarding/briefs";
import { readKitFile, uploadKitFile } from "../../server/services/onboarding/files";
import {
  addCustomerMessage,
  getCustomerOrder,
  getOrderOfCustomer,
  listOrderMessages,
  startWaitingOrder,
  submitBrief,
} from "../../server/services/onboarding/orders";
import { testDatabaseKinds } from "../helpers/databases";
import { useTestSite } from "../helpers/test-site";

const BRIEF = {
  businessName: "Deshmukh Realty",
  city: "Pune",
  services: [{ name: "2 BHK flats in Baner", price: "₹85 lakh – ₹1.2 crore" }],
  usps: "RERA registered, 12 years in Baner",
  painPoints: "",
  pitch: "",
  tone: "friendly",
  toneExample: "",
  whatsapp: "+91 98765 43210",
  hours: "Mon–Sat 10:00–19:00",
  languages: ["en", "hi"],
  languagesOther: "Marathi",
};

let seq = 0;
async function account(site: ReturnType<typeof useTestSite>, verified = true): Promise<{ id: string; actor: Actor }> {
  const id = `u${Date.now().toString(36)}${(seq++).toString(36)}`.slice(0, 32);
  const now = Date.now();
  await site.deps.db.kysely
    .insertInto("users")
    .values({
      id,
      email: `${id}@example.test`,
      email_normalized: `${id}@example.test`,
      name: "Rohan Deshmukh",
      role: "user",
      industry: "Real Estate",
      company: "Deshmukh Realty",
      password_hash: null,
      email_verified_at: verified ? now : null,
      profile_picture: null,
      created_at: now,
      last_login_at: now,
    })
    .execute();
  return { id, actor: { userId: id, label: `${id}@example.test`, clientIp: "127.0.0.1" } };
}

const kit = { kitKey: "real-estate", kitLabel: "Real Estate", locale: "en" as const };

describe.each(testDatabaseKinds())("the onboarding domain on %s", (kind) => {
  const site = useTestSite(kind);

  it("saves a draft and resumes it; a save from an older revision changes nothing", async () => {
    const { id, actor } = await account(site);
    const first = await saveBrief(site.deps, id, { ...kit, fields: { businessName: "Desh" }, revision: 0 }, actor);
    expect(first.revision).toBe(1);
    const second = await saveBrief(site.deps, id, { ...kit, fields: { businessName: "Deshmukh Realty", city: "Pune" }, revision: 1 }, actor);
    expect(second.revision).toBe(2);
    // Another device still on revision 1 tries to save older text.
    await expect(saveBrief(site.deps, id, { ...kit, fields: { businessName: "Desh" }, revision: 1 }, actor)).rejects.toMatchObject({
      kind: "conflict",
      facts: { reason: "stale-brief" },
    });
    const resumed = await getBrief(site.deps, id);
    expect(resumed?.fields.businessName).toBe("Deshmukh Realty");
    expect(resumed?.fields.city).toBe("Pune");
    expect(resumed?.revision).toBe(2);
  });

  it("refuses a field too long by naming it", async () => {
    const { id, actor } = await account(site);
    await expect(saveBrief(site.deps, id, { ...kit, fields: { city: "x".repeat(81) }, revision: 0 }, actor)).rejects.toMatchObject({ kind: "invalid", field: "city" });
    expect(await getBrief(site.deps, id)).toBeNull();
  });

  it("makes one order when the submit is posted twice at once", async () => {
    const { id, actor } = await account(site);
    const saved = await saveBrief(site.deps, id, { ...kit, fields: BRIEF, revision: 0 }, actor);
    const user = { id, emailVerified: true };
    const results = await Promise.all([1, 2].map(() => submitBrief(site.deps, user, { ...kit, fields: BRIEF, revision: saved.revision }, actor)));
    const ids = results.map((r) => (r.status === "ordered" ? r.order.id : null));
    expect(ids[0]).not.toBeNull();
    expect(ids[0]).toBe(ids[1]);
    const rows = await site.deps.db.kysely.selectFrom("kit_orders").select("id").where("user_id", "=", id).execute();
    expect(rows).toHaveLength(1);
    const order = (await getCustomerOrder(site.deps, id))!;
    expect(order.number).toBe(`WP-${1000 + order.id}`);
    expect(order.step).toBe("received");
    expect(order.promisedHours).toBe(72);
    expect(order.dueAt - order.submittedAt).toBe(72 * 3600_000);
    expect(order.brief.whatsapp).toBe("919876543210");
    expect((await getBrief(site.deps, id))?.submittedAt).toBeNull();
  });

  it("answers another customer's order as not found", async () => {
    const a = await account(site);
    const b = await account(site);
    const saved = await saveBrief(site.deps, a.id, { ...kit, fields: BRIEF, revision: 0 }, a.actor);
    const result = await submitBrief(site.deps, { id: a.id, emailVerified: true }, { ...kit, fields: BRIEF, revision: saved.revision }, a.actor);
    if (result.status !== "ordered") throw new Error("no order");
    await expect(getOrderOfCustomer(site.deps, b.id, result.order.id)).rejects.toMatchObject({ kind: "not-found" });
    await expect(addCustomerMessage(site.deps, b.id, result.order.id, { body: "hello", kind: "message" }, b.actor)).rejects.toMatchObject({ kind: "not-found" });
    await addCustomerMessage(site.deps, a.id, result.order.id, { body: "Please add our Kharadi office", kind: "change-request" }, a.actor);
    expect((await listOrderMessages(site.deps, result.order.id)).map((m) => m.kind)).toEqual(["change-request"]);
  });

  it("lets an unverified address submit; the order waits and its clock starts at verification", async () => {
    const { id, actor } = await account(site, false);
    const saved = await saveBrief(site.deps, id, { ...kit, fields: BRIEF, revision: 0 }, actor);
    const submittedAt = Date.now();
    const result = await submitBrief(site.deps, { id, emailVerified: false }, { ...kit, fields: BRIEF, revision: saved.revision }, actor, { now: submittedAt });
    expect(result.status).toBe("waiting-verification");
    expect(await getCustomerOrder(site.deps, id)).toBeNull();
    expect(await startWaitingOrder(site.deps, id, actor)).toBeNull();
    const verifiedAt = submittedAt + 5 * 3600_000;
    await site.deps.db.kysely.updateTable("users").set({ email_verified_at: verifiedAt }).where("id", "=", id).execute();
    const order = await startWaitingOrder(site.deps, id, actor, { now: verifiedAt });
    expect(order?.submittedAt).toBe(verifiedAt);
    expect(order?.dueAt).toBe(verifiedAt + 72 * 3600_000);
    // Once made, a second call makes nothing new.
    expect((await startWaitingOrder(site.deps, id, actor, { now: verifiedAt + 1000 }))?.id).toBe(order?.id);
  });

  it("keeps an order's due time when the owner changes the promise's hours later", async () => {
    const { id, actor } = await account(site);
    const saved = await saveBrief(site.deps, id, { ...kit, fields: BRIEF, revision: 0 }, actor);
    const result = await submitBrief(site.deps, { id, emailVerified: true }, { ...kit, fields: BRIEF, revision: saved.revision }, actor);
    if (result.status !== "ordered") throw new Error("no order");
    await saveContent(site.deps, [{ key: `copy.${ONBOARDING_DOC.id}`, locale: "en", value: { promise: { hours: "48" } } }], { ...actor, userId: id }, {
      action: "copy.publish",
      recordId: "copy.onboarding:en",
      detail: "promise.hours",
    });
    const later = await account(site);
    const laterSaved = await saveBrief(site.deps, later.id, { ...kit, fields: BRIEF, revision: 0 }, later.actor);
    const laterResult = await submitBrief(site.deps, { id: later.id, emailVerified: true }, { ...kit, fields: BRIEF, revision: laterSaved.revision }, later.actor);
    if (laterResult.status !== "ordered") throw new Error("no order");
    expect(laterResult.order.promisedHours).toBe(48);
    const first = await getOrderOfCustomer(site.deps, id, result.order.id);
    expect(first.promisedHours).toBe(72);
    expect(first.dueAt).toBe(result.order.dueAt);
  });

  it("keeps a customer's files private to them (and staff), refusing SVG", async () => {
    const a = await account(site);
    const b = await account(site);
    const pdf = Buffer.from("%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n");
    const file = await uploadKitFile(site.deps, a.id, { bytes: pdf, name: "price-list.pdf", purpose: "price-list" }, a.actor);
    expect(file.contentType).toBe("application/pdf");
    expect((await readKitFile(site.deps, file.id, { userId: a.id, staff: false }))?.data.equals(pdf)).toBe(true);
    expect(await readKitFile(site.deps, file.id, { userId: b.id, staff: false })).toBeUndefined();
    expect(await readKitFile(site.deps, file.id, { userId: b.id, staff: true })).toBeDefined();
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    await expect(uploadKitFile(site.deps, a.id, { bytes: svg, name: "logo.png", purpose: "logo" }, a.actor)).rejects.toMatchObject({ kind: "invalid", field: "file" });
    await expect(uploadKitFile(site.deps, a.id, { bytes: Buffer.from("hello"), name: "x.txt", purpose: "logo" }, a.actor)).rejects.toMatchObject({ kind: "invalid", field: "file" });
  });
});
