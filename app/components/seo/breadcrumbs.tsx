import { Link } from "react-router";
import { SEO } from "@shared/content";
import { JsonLd, breadcrumbJsonLd, type Crumb } from "~/lib/seo";
import { useSite } from "~/lib/site-context";

/** The visible trail from Home to this page, and the same trail as BreadcrumbList structured data. */
export function Breadcrumbs({ current }: { current: Crumb }) {
  const site = useSite();
  const crumbs: Crumb[] = [{ name: SEO.breadcrumbHome, path: "/" }, current];
  return (
    <>
      {site && <JsonLd data={breadcrumbJsonLd(site, crumbs)} />}
      <nav aria-label={SEO.breadcrumbLabel} className="text-sm text-slate-700">
        <ol className="flex flex-wrap items-center gap-1">
          <li>
            <Link to="/" className="rounded underline-offset-4 hover:text-emerald-800 hover:underline">
              {crumbs[0]?.name}
            </Link>
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
