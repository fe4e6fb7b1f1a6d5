import { LegalPage } from "~/components/legal/legal-page";
import { REFUND_DOC } from "@shared/copy/legal";
import { pageMeta } from "~/lib/seo";
import { readCopy } from "../../server/services/content/copy";
import type { Route } from "./+types/refund";

/** The owner's published copy of the page (its defaults on a fresh install); cached per content version. */
export async function loader({ context }: Route.LoaderArgs) {
  return { copy: await readCopy(context.deps, REFUND_DOC, "en") };
}

export function meta({ matches, loaderData }: Route.MetaArgs) {
  const seo = loaderData?.copy.seo ?? { title: "Refund Policy", description: "" };
  return pageMeta({ title: seo.title, description: seo.description, path: "/refund", matches });
}

export default function Page({ loaderData }: Route.ComponentProps) {
  return <LegalPage copy={loaderData.copy} path={"/refund"} />;
}
