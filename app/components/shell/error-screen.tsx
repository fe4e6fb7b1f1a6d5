import { hindiWords, useText } from "~/lib/hindi-words";
import { ERROR_SCREEN } from "@shared/content/site";
import { useLocalePath } from "~/lib/locale";
import { useSite } from "~/lib/site-context";

const HINDI_SHELL = hindiWords("shell", () => import("~/lib/hindi/shell"));

export function ErrorScreen({ details }: { details: string }) {
  const site = useSite();
  const words = useText(ERROR_SCREEN, HINDI_SHELL, (hi) => hi.ERROR_SCREEN_HI);
  const to = useLocalePath();
  return (
    <section className="mx-auto flex max-w-2xl flex-col items-center px-4 py-20 text-center" role="alert">
      <h1 className="text-3xl font-bold text-slate-900">{words.title}</h1>
      <p className="mt-4 text-slate-700">{words.apology}</p>
      <details className="mt-6 w-full rounded-md border border-slate-200 bg-slate-50 p-4 text-left text-sm">
        <summary className="cursor-pointer font-medium text-slate-800">{words.detailsLabel}</summary>
        <pre className="mt-3 whitespace-pre-wrap break-words text-slate-700">{details}</pre>
      </details>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <button type="button" className="btn-primary" onClick={() => window.location.reload()}>
          {words.refresh}
        </button>
        <a href={to("/")} className="btn-ghost">
          {words.home}
        </a>
      </div>
      {site && (
        <p className="mt-8 text-sm text-slate-700">
          {words.supportPrefix}{" "}
          <a className="font-medium text-emerald-800 underline" href={`mailto:${site.email}`}>
            {site.email}
          </a>
        </p>
      )}
    </section>
  );
}
