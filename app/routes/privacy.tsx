import { LegalPage } from "~/components/legal/legal-page";
import { PRIVACY } from "@shared/content";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/privacy";

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta({ title: PRIVACY.title, description: PRIVACY.description, path: PRIVACY.path, matches });
}

export default function Page() {
  return <LegalPage doc={PRIVACY} />;
}
