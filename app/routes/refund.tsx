import { LegalPage } from "~/components/legal/legal-page";
import { REFUND } from "@shared/content";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/refund";

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta({ title: REFUND.title, description: REFUND.description, path: REFUND.path, matches });
}

export default function Page() {
  return <LegalPage doc={REFUND} />;
}
