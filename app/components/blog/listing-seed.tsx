import { useState } from "react";
import { Form, Link, useLocation, useRevalidator } from "react-router";
import { BLOG_LISTING } from "@shared/content";
import { ConfirmDialog } from "~/components/confirm-dialog";
import { hindiWords, useText } from "~/lib/hindi-words";
import { useLocale } from "~/lib/locale";

const HINDI_BLOG = hindiWords("blog", () => import("~/lib/hindi/blog"));

export type SeedResult = { ok: boolean; message: string };

/** "Add Sample Blogs" with JavaScript: the API adds them, the listing reloads; the answer is said in the page's language. */
export function useSeed(answered: SeedResult | undefined) {
  const t = useText(BLOG_LISTING, HINDI_BLOG, (hi) => hi.BLOG_LISTING_HI);
  const locale = useLocale();
  // Held here, so the answer outlives the empty state it was sent from (the list replaces it).
  const [seedAnswer, setSeedAnswer] = useState<SeedResult | undefined>();
  const [seeding, setSeeding] = useState(false);
  const revalidator = useRevalidator();
  const seedResult = seedAnswer ?? answered;

  async function seed() {
    setSeeding(true);
    setSeedAnswer(undefined);
    try {
      const res = await fetch("/api/blogs/seed", { method: "POST" });
      const body = (await res.json().catch(() => null)) as {
        success?: boolean;
        message?: string;
        added?: number;
      } | null;
      if (!res.ok || !body?.success) {
        // The API speaks English; a Hindi page says its refusal in Hindi.
        const reason = locale === "hi" && res.status === 409 ? t.seedRefused : body?.message;
        setSeedAnswer({
          ok: false,
          message: reason ? t.seedFailed(reason) : t.seedFailedGeneric,
        });
        // Refused because the blog has posts now (someone else just added them): show them rather than an empty list.
        if (res.status === 409) await revalidator.revalidate();
        return;
      }
      setSeedAnswer({
        ok: true,
        message: locale === "hi" && typeof body.added === "number" ? t.seeded(body.added) : (body.message ?? ""),
      });
      await revalidator.revalidate();
    } catch (error) {
      console.warn("seeding failed", error);
      setSeedAnswer({ ok: false, message: t.seedFailedGeneric });
    } finally {
      setSeeding(false);
    }
  }
  return { seedResult, seeding, seed };
}

/** 'No blog posts yet' with 'Add Sample Blogs', confirmed first (a dialog with JavaScript, a page step without). */
export function EmptyBlog({ confirmSeed, seedResult, busy, onSeed }: { confirmSeed: boolean; seedResult?: SeedResult; busy: boolean; onSeed: () => void }) {
  const t = useText(BLOG_LISTING, HINDI_BLOG, (hi) => hi.BLOG_LISTING_HI);
  const [asking, setAsking] = useState(false);
  const location = useLocation();
  const result = seedResult;

  return (
    <div className="mt-6 rounded-2xl border border-dashed border-slate-300 p-10 text-center">
      <h2 className="text-xl font-bold text-slate-900">{t.emptyNone.title}</h2>
      {result && (
        <p role="alert" className={`mt-3 font-semibold ${result.ok ? "text-emerald-800" : "text-rose-700"}`}>
          {result.message}
        </p>
      )}
      {confirmSeed ? (
        <Form method="post" action={location.pathname} className="mt-6">
          <p className="font-semibold text-slate-900">{t.seedConfirm}</p>
          <input type="hidden" name="intent" value="seed" />
          <div className="mt-4 flex justify-center gap-3">
            <Link to={location.pathname} className="btn-ghost">
              {t.seedCancel}
            </Link>
            <button type="submit" className="btn-primary">
              {t.seedContinue}
            </button>
          </div>
        </Form>
      ) : (
        <form
          method="get"
          className="mt-6"
          onSubmit={(e) => {
            e.preventDefault();
            setAsking(true);
          }}
        >
          <input type="hidden" name="seed" value="confirm" />
          <button type="submit" className="btn-primary" disabled={busy}>
            {busy ? t.emptyNone.busy : t.emptyNone.button}
          </button>
        </form>
      )}
      {!confirmSeed && (
        <ConfirmDialog
          open={asking}
          message={t.seedConfirm}
          confirmLabel={t.seedContinue}
          cancelLabel={t.seedCancel}
          onCancel={() => setAsking(false)}
          onConfirm={() => {
            setAsking(false);
            onSeed();
          }}
        />
      )}
    </div>
  );
}
