import { Link, data } from "react-router";
import { NOT_FOUND } from "@shared/content/site";
import type { Route } from "./+types/not-found";

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

export function meta() {
  return [{ title: `${NOT_FOUND.title} | Wise Parrot` }, { name: "robots", content: "noindex" }];
}

export default function NotFound() {
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center px-4 py-24 text-center">
      <p className="text-7xl font-extrabold text-emerald-700" aria-hidden="true">
        {NOT_FOUND.code}
      </p>
      <h1 className="mt-4 text-2xl font-bold text-slate-900 sm:text-3xl">
        <span className="sr-only">{NOT_FOUND.code} </span>
        {NOT_FOUND.title}
      </h1>
      <p className="mt-3 text-slate-700">{NOT_FOUND.message}</p>
      <Link to="/" className="btn-primary mt-8">
        {NOT_FOUND.home}
      </Link>
    </section>
  );
}
