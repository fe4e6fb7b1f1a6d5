import { LegalPage } from "~/components/legal/legal-page";
import { PRIVACY_DOC } from "@shared/copy/legal";
import { pageMeta } from "~/lib/seo";
import { readCopy } from "../../server/services/content/copy";
import type { Route } from "./+types/privacy";

/** The owner's published copy of the page (its defaults on a fresh install); cached per content version. */
export async function loader({ context }: Route.LoaderArgs) {
  return { copy: await readCopy(context.deps, PRIVACY_DOC, "en") };
}

export function meta({ matches, loaderData }: Route.MetaArgs) {
  const seo = loaderData?.copy.seo ?? { title: "Privacy Policy", description: "" };
  return pageMeta({ title: seo.title, description: seo.description, path: "/privacy", matches });
}

export default function Page({ loaderData }: Route.ComponentProps) {
  return <LegalPage copy={loaderData.copy} path={"/privacy"} />;
}
