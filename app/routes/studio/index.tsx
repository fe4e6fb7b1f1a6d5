import { studioMeta } from "~/components/studio/meta";
import { PageHeader } from "~/components/studio/ui";
import { requireStudio } from "~/lib/studio.server";
import type { Route } from "./+types/index";

export function meta() {
  return studioMeta("Overview");
}

export async function loader(args: Route.LoaderArgs) {
  const studio = await requireStudio(args);
  return { name: studio.name };
}

export default function StudioHome({ loaderData }: Route.ComponentProps) {
  return <PageHeader title={`Welcome, ${loaderData.name}`} description="Write and publish posts, and see how the site is doing." />;
}
