import { hindiNow, hindiWords } from "~/lib/hindi-words";
import { LegalPage } from "~/components/legal/legal-page";
import { PRIVACY_DOC } from "@shared/copy/legal";
import { localeFromMatches, pageMeta } from "~/lib/seo";
import { requestLocale } from "~/lib/locale";
import { readCopy } from "../../server/services/content/copy";
import type { Route } from "./+types/privacy";

const HINDI_LEGAL = hindiWords("legal", () => import("~/lib/hindi/legal"));

/** The owner's published copy of the page (its defaults on a fresh install); cached per content version. */
export async function loader({ context, request }: Route.LoaderArgs) {
  // The page's language's copy (issue 33): the owner's Hindi, the shipped Hindi, or English where neither says.
  return { copy: await readCopy(context.deps, PRIVACY_DOC, requestLocale(request)) };
}

export function meta({ matches, loaderData }: Route.MetaArgs) {
  const seo = loaderData?.copy.seo ?? { title: localeFromMatches(matches) === "hi" ? hindiNow(HINDI_LEGAL).PRIVACY_HI.title : "Privacy Policy", description: "" };
  return pageMeta({ title: seo.title, description: seo.description, path: "/privacy", matches });
}

export default function Page({ loaderData }: Route.ComponentProps) {
  return <LegalPage copy={loaderData.copy} path={"/privacy"} />;
}
