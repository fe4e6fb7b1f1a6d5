import { hindiNow, hindiWords } from "~/lib/hindi-words";
import { SEO } from "@shared/content/seo";
import { localePath } from "@shared/i18n";
import { LocaleLink, useLocale } from "~/lib/locale";
import { JsonLd, breadcrumbJsonLd, type Crumb } from "~/lib/seo";
import { useSite } from "~/lib/site-context";

const HINDI_SHELL = hindiWords("shell", () => import("~/lib/hindi/shell"));

/**
 * The visible trail from Home to this page, and the same trail as BreadcrumbList structured data, in the page's
 * language (`current.path` is the English path; the trail's addresses are the page's language's).
 */
export function Breadcrumbs({ current }: { current: Crumb }) {
  const site = useSite();
  const locale = useLocale();
  const words = locale === "hi" ? hindiNow(HINDI_SHELL).SEO_HI : SEO;
  const crumbs: Crumb[] = [
    { name: words.breadcrumbHome, path: localePath("/", locale) },
    { ...current, path: localePath(current.path, locale) },
  ];
  return (
    <>
      {site && <JsonLd data={breadcrumbJsonLd(site, crumbs)} />}
      <nav aria-label={words.breadcrumbLabel} className="text-sm text-slate-700">
        <ol className="flex flex-wrap items-center gap-1">
          <li>
            <LocaleLink to="/" className="rounded underline-offset-4 hover:text-emerald-800 hover:underline">
              {crumbs[0]?.name}
            </LocaleLink>
          </li>
          <li aria-hidden="true" className="px-1">
            /
          </li>
          <li>
            <span aria-current="page" className="font-semibold text-slate-900">
              {current.name}
            </span>
          </li>
        </ol>
      </nav>
    </>
  );
}
