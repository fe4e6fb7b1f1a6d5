import { hindiWords, textIn, useText } from "~/lib/hindi-words";
import { data } from "react-router";
import { NOT_FOUND, PRODUCT } from "@shared/content/site";
import { LocaleLink } from "~/lib/locale";
import { localeFromMatches } from "~/lib/seo";
import type { Route } from "./+types/not-found";

const HINDI_SHELL = hindiWords("shell", () => import("~/lib/hindi/shell"));

export function loader({ request, context }: Route.LoaderArgs) {
  const { pathname } = new URL(request.url);
  context.deps.log.warn({ path: pathname, reqId: context.requestId }, "page not found");
  return data(null, { status: 404 });
}

/**
 * A form posted to an unknown address gets the same 404 page as a visit, not React Router's 405, whose message
 * repeats the address and names the route file (and would tell the studio's addresses, handed on as /404, apart).
 */
export function action(args: Route.ActionArgs) {
  return loader(args);
}

export function meta({ matches }: Route.MetaArgs) {
  const words = textIn(localeFromMatches(matches), NOT_FOUND, HINDI_SHELL, (hi) => hi.NOT_FOUND_HI);
  return [{ title: `${words.title} | ${PRODUCT}` }, { name: "robots", content: "noindex" }];
}

export default function NotFound() {
  const words = useText(NOT_FOUND, HINDI_SHELL, (hi) => hi.NOT_FOUND_HI);
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center px-4 py-24 text-center">
      <p className="text-7xl font-extrabold text-emerald-700" aria-hidden="true">
        {words.code}
      </p>
      <h1 className="mt-4 text-2xl font-bold text-slate-900 sm:text-3xl">
        <span className="sr-only">{words.code} </span>
        {words.title}
      </h1>
      <p className="mt-3 text-slate-700">{words.message}</p>
      <LocaleLink to="/" className="btn-primary mt-8">
        {words.home}
      </LocaleLink>
    </section>
  );
}
