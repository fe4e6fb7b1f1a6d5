import { useEffect, useRef } from "react";
import { Form, Link, NavLink, Outlet, isRouteErrorResponse, useLocation, useRouteError } from "react-router";
import { STUDIO_PAGES } from "@shared/content/studio";
import { NOT_FOUND } from "@shared/content/site";
import { isCurrentSection, navFor } from "~/components/studio/nav";
import { studioMeta } from "~/components/studio/meta";
import { buttonClass } from "~/components/studio/ui";
import { PublicFrame } from "~/components/shell/public-frame";
import { requireStudio } from "~/lib/studio.server";
import { siteSettings } from "../../../server/services/content/settings";
import NotFound from "~/routes/not-found";
import studioCss from "~/studio.css?url";
import type { Route } from "./+types/layout";

export async function loader(args: Route.LoaderArgs) {
  const studio = await requireStudio(args, { secondFactor: "any", frame: true });
  // Every time in the studio is shown in the site's time zone (Settings; useStudioTimeZone()).
  const { timeZone } = await siteSettings(args.context.deps);
  return { studio: { name: studio.name, email: studio.email, access: studio.access, secondFactor: studio.secondFactor }, timeZone };
}

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: studioCss }];

export function meta({ error }: Route.MetaArgs) {
  // Whoever is not staff sees the site's own 404, head included.
  if (isRouteErrorResponse(error) && error.status === 404) return [{ title: `${NOT_FOUND.title} | Wise Parrot` }, { name: "robots", content: "noindex" }];
  return studioMeta(STUDIO_PAGES.title);
}

export default function StudioLayout({ loaderData }: Route.ComponentProps) {
  const { studio } = loaderData;
  return (
    <StudioFrame studio={studio}>
      <Outlet />
    </StudioFrame>
  );
}

type FrameUser = Route.ComponentProps["loaderData"]["studio"];

/**
 * On a narrow screen the menu is one row that scrolls sideways: the current section is scrolled into the middle of
 * the row on every page (the row only; the page itself does not move), so the owner sees where they are.
 */
function useActiveTabInView(pathname: string) {
  const row = useRef<HTMLUListElement>(null);
  useEffect(() => {
    const list = row.current;
    const current = list?.querySelector<HTMLElement>('[aria-current="page"]');
    if (!list || !current || list.scrollWidth <= list.clientWidth) return;
    const start = current.getBoundingClientRect().left - list.getBoundingClientRect().left + list.scrollLeft;
    list.scrollLeft = Math.max(0, start - (list.clientWidth - current.offsetWidth) / 2);
  }, [pathname]);
  return row;
}

function StudioFrame({ studio, children }: { studio: FrameUser; children: React.ReactNode }) {
  const { pathname } = useLocation();
  // Before the second factor the menu would only lead back to it.
  const nav = studio.secondFactor === "passed" ? navFor(studio.access) : [];
  const tabs = useActiveTabInView(pathname);
  return (
    <div className="min-h-screen bg-slate-50 text-slate-900">
      <a href="#studio-main" className="studio-skip">
        {STUDIO_PAGES.skipLink}
      </a>
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex max-w-7xl flex-wrap items-center justify-between gap-3 px-4 py-3">
          <Link to={STUDIO_PAGES.home} className="text-base font-bold text-emerald-800">
            {STUDIO_PAGES.brand}
          </Link>
          <div className="flex flex-wrap items-center gap-3 text-sm">
            <span className="min-w-0 text-slate-600 [overflow-wrap:anywhere]">
              {STUDIO_PAGES.signedInAs} <span className="font-semibold text-slate-900">{studio.name || studio.email}</span> ({studio.access})
            </span>
            <a href="/" className="text-emerald-800 underline underline-offset-4">
              {STUDIO_PAGES.viewSite}
            </a>
            <Form method="post" action="/sign-out" reloadDocument>
              <button type="submit" className={buttonClass("secondary")}>
                {STUDIO_PAGES.signOut}
              </button>
            </Form>
          </div>
        </div>
      </header>
      <div className="mx-auto flex max-w-7xl flex-col gap-6 px-4 py-6 lg:flex-row">
        {nav.length > 0 ? (
          <nav aria-label={STUDIO_PAGES.navLabel} className="lg:w-52 lg:shrink-0">
            <ul ref={tabs} className="flex gap-1 overflow-x-auto pb-2 lg:flex-col lg:overflow-visible lg:pb-0">
              {nav.map((item) => {
                const current = isCurrentSection(item, pathname);
                return (
                  <li key={item.to} className="shrink-0">
                    <NavLink
                      to={item.to}
                      end={item.to === STUDIO_PAGES.home}
                      aria-current={current ? "page" : undefined}
                      className={`block rounded-md px-3 py-2 text-sm font-medium ${current ? "bg-emerald-700 text-white" : "text-slate-700 hover:bg-slate-200"}`}
                    >
                      {item.label}
                    </NavLink>
                  </li>
                );
              })}
            </ul>
          </nav>
        ) : null}
        <main id="studio-main" tabIndex={-1} className="min-w-0 flex-1 outline-none">
          {children}
        </main>
      </div>
    </div>
  );
}

export function ErrorBoundary({ loaderData }: Route.ErrorBoundaryProps) {
  const error = useRouteError();
  // Not staff (or a studio record that does not exist): the site's ordinary 404.
  if (isRouteErrorResponse(error) && error.status === 404 && !loaderData) {
    return (
      <PublicFrame>
        <NotFound />
      </PublicFrame>
    );
  }
  const studio = loaderData?.studio;
  const forbidden = isRouteErrorResponse(error) && error.status === 403;
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  const body = (
    <section className="max-w-xl rounded-lg border border-slate-200 bg-white p-6">
      <h1 className="text-xl font-bold">{forbidden ? STUDIO_PAGES.forbiddenTitle : notFound ? NOT_FOUND.title : STUDIO_PAGES.errorTitle}</h1>
      <p className="mt-2 text-slate-700">
        {forbidden
          ? ((error.data as { message?: string } | null)?.message ?? STUDIO_PAGES.ownersOnly)
          : notFound
            ? NOT_FOUND.message
            : STUDIO_PAGES.errorMessage}
      </p>
      <Link to={STUDIO_PAGES.home} className={`${buttonClass("primary")} mt-4`}>
        {STUDIO_PAGES.backHome}
      </Link>
    </section>
  );
  // Someone the studio did not let in sees the answer in the site's frame.
  return studio ? <StudioFrame studio={studio}>{body}</StudioFrame> : <PublicFrame>{body}</PublicFrame>;
}
