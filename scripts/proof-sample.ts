/**
 * The proof a real owner gives (issue 45, decision 0055), filled in a measuring server's database for
 * `npm run shots` (SHOTS_PROOF=1) and `npm run bench:lighthouse` (BENCH_PROOF=1): two customers with a logo and two
 * with a name and city, a photo, business, measured result and case study on every testimonial, a source under every
 * result, and three people on About. Made through the services the studio's editor calls (the media library's
 * upload, a draft published by an owner), so the pages show it as they would show the owner's.
 *
 * The names are a sample's, never shipped copy: the defaults stay empty (decision 0055, nothing fake when empty).
 */
import sharp from "sharp";
import { ABOUT_DOC, type AboutCopy } from "../shared/copy/about";
import { HOME_DOC, type HomeCopy } from "../shared/copy/home";
import type { CopyDoc } from "../shared/copy/fields";
import { openDatabase } from "../server/db/database";
import { copyEditorState } from "../server/services/content/copy-editor";
import { publishDraft, saveDraft } from "../server/services/content/drafts";
import { uploadMedia } from "../server/services/media/library";
import type { StaffActor } from "../server/services/audit";
import { testDeps } from "../tests/helpers/deps";
import { staffWithSession } from "../tests/helpers/studio-staff";

type Deps = ReturnType<typeof testDeps>;

/** A plain image: a wide logo (its name in white on a colour) or a square portrait (an initial on a colour). */
async function picture(kind: "logo" | "face", label: string, colour: string): Promise<Buffer> {
  const [w, h] = kind === "logo" ? [600, 200] : [480, 480];
  const svg =
    kind === "logo"
      ? `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}"><rect width="100%" height="100%" rx="24" fill="${colour}"/><text x="50%" y="58%" font-family="DejaVu Sans, sans-serif" font-size="56" font-weight="700" fill="#fff" text-anchor="middle">${label}</text></svg>`
      : `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}"><rect width="100%" height="100%" fill="${colour}"/><circle cx="240" cy="190" r="96" fill="#fff" opacity="0.85"/><rect x="96" y="310" width="288" height="200" rx="140" fill="#fff" opacity="0.85"/><text x="50%" y="225" font-family="DejaVu Sans, sans-serif" font-size="96" font-weight="700" fill="${colour}" text-anchor="middle">${label}</text></svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

async function upload(deps: Deps, actor: StaffActor, name: string, bytes: Buffer): Promise<string> {
  const { item } = await uploadMedia(deps, { bytes, name }, actor);
  const webp = item.files.filter((f) => f.format === "webp").sort((a, b) => a.width - b.width);
  const file = webp.find((f) => f.width >= 480) ?? webp[webp.length - 1];
  if (!file) throw new Error(`no WebP made of ${name}`);
  return new URL(file.url, "http://x").pathname;
}

async function publish(deps: Deps, doc: CopyDoc, value: Record<string, unknown>, actor: StaffActor): Promise<void> {
  const state = await copyEditorState(deps, doc, "en");
  const base = { liveVersion: state.liveVersion, draftRevision: state.draft?.revision ?? 0 };
  const revision = await saveDraft(deps, doc, "en", value, base, actor, Date.now(), { forPublish: true });
  await publishDraft(deps, doc, "en", { liveVersion: base.liveVersion, draftRevision: revision }, actor);
}

/** Fills the proof in the database at `databaseUrl`; `caseStudy` is a published post's address. */
export async function fillSampleProof(databaseUrl: string, caseStudy: string): Promise<void> {
  const db = await openDatabase(databaseUrl);
  try {
    const deps = testDeps(db);
    const owner = await staffWithSession(deps, "proof.sample@example.com", "owner");
    const actor: StaffActor = { userId: owner.userId, label: owner.email, clientIp: "127.0.0.1", access: "owner", secondFactorAt: Date.now() };
    const logos = [await upload(deps, actor, "asha-clinics.png", await picture("logo", "Asha Clinics", "#1d4ed8")), await upload(deps, actor, "green-heights.png", await picture("logo", "Green Heights", "#7c3aed"))];
    // One at a time: the library processes one image at a time (media/lane.ts) and refuses a second meanwhile.
    const faces: string[] = [];
    for (const [name, initial, colour] of [
      ["rohan.png", "R", "#b45309"],
      ["priya.png", "P", "#be185d"],
      ["amit.png", "A", "#0369a1"],
      ["neha.png", "N", "#047857"],
      ["karan.png", "K", "#4338ca"],
      ["meera.png", "M", "#9f1239"],
    ] as const) {
      faces.push(await upload(deps, actor, name, await picture("face", initial, colour)));
    }

    const home = (await copyEditorState(deps, HOME_DOC, "en")).editing as unknown as HomeCopy;
    const logosGiven = [
      { name: "Asha Clinics", city: "Pune", src: logos[0]!, alt: "Asha Clinics", href: "" },
      { name: "Green Heights Realty", city: "Nashik", src: logos[1]!, alt: "Green Heights Realty", href: "" },
      { name: "Deshmukh Properties", city: "Pune", src: "", alt: "", href: "" },
      { name: "FitZone Gym", city: "Indore", src: "", alt: "", href: "" },
    ];
    const proof = [
      ["Deshmukh Properties", "3x site visits in the first 10 days"],
      ["Asha Clinics", "No-shows down from 30% to 12% in 8 weeks"],
      ["FitZone Gym", "41 trial sign-ups from WhatsApp in March"],
    ];
    const itemsGiven = home.testimonials.items.map((t, i) => ({
      ...t,
      photo: faces[i % 3]!,
      businessName: proof[i % 3]![0],
      result: proof[i % 3]![1],
      caseStudy,
    }));
    const resultsGiven = home.metrics.items.map((m, i) => ({
      ...m,
      source: ["Deshmukh Properties, Pune, March 2026", "Asha Clinics, Pune, Jan–Mar 2026", "FitZone Gym, Indore, March 2026"][i % 3]!,
      sourceHref: caseStudy,
    }));
    const homeGiven = { ...home, testimonials: { ...home.testimonials, logos: logosGiven, items: itemsGiven }, metrics: { ...home.metrics, items: resultsGiven } };
    await publish(deps, HOME_DOC, homeGiven as unknown as Record<string, unknown>, actor);

    const about = (await copyEditorState(deps, ABOUT_DOC, "en")).editing as unknown as AboutCopy;
    const people = [
      { photo: faces[3]!, name: "Neha Joshi", role: "Founder" },
      { photo: faces[4]!, name: "Karan Mehta", role: "Customer success" },
      { photo: faces[5]!, name: "Meera Iyer", role: "WhatsApp flows" },
    ];
    await publish(deps, ABOUT_DOC, { ...about, team: { ...about.team, people } } as unknown as Record<string, unknown>, actor);
  } finally {
    await db.close();
  }
}
