import { LegalPage } from "~/components/legal/legal-page";
import { TERMS } from "@shared/content";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/terms";

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta({ title: TERMS.title, description: TERMS.description, path: TERMS.path, matches });
}

export default function Page() {
  return <LegalPage doc={TERMS} />;
}
