import { redirect } from "react-router";
import { POST_PAGES } from "@shared/content/studio-posts";
import { readTimeFor } from "@shared/post-markdown";
import { studioMeta } from "~/components/studio/meta";
import { PostEditor } from "~/components/studio/posts-editor";
import { PageHeader } from "~/components/studio/ui";
import { changesFromForm, refusal, valuesFromForm } from "~/lib/studio-posts.server";
import { requireStudio } from "~/lib/studio.server";
import { translationChoices } from "../../../server/services/blog/studio-post-reads";
import { createPost } from "../../../server/services/blog/studio-posts";
import { blogCategories } from "../../../server/services/content/categories";
import type { Route } from "./+types/posts-new";

export function meta() {
  return studioMeta(POST_PAGES.newTitle);
}

export async function loader(args: Route.LoaderArgs) {
  const studio = await requireStudio(args);
  // The owner's categories, in their order (decision 0034).
  const categories = (await blogCategories(args.context.deps)).categories.map((c) => c.name);
  return { author: studio.name, categories, translations: await translationChoices(args.context.deps, null) };
}

export async function action(args: Route.ActionArgs) {
  const studio = await requireStudio(args);
  const form = await args.request.formData();
  try {
    const post = await createPost(args.context.deps, studio.actor, changesFromForm(form));
    return redirect(`/studio/posts/${post.id}`);
  } catch (error) {
    return refusal(error, valuesFromForm(form));
  }
}

export default function NewPost({ loaderData, actionData }: Route.ComponentProps) {
  const fields = { title: "", slug: "", excerpt: "", author: loaderData.author, category: loaderData.categories[0] ?? "", tags: [], featured: false, readTime: "", coverMediaId: null, coverAlt: "", body: "", metaTitle: "", metaDescription: "", socialMediaId: null, language: "en" as const, translationOf: null, scheduledAt: "" };
  return (
    <>
      <PageHeader title={POST_PAGES.newTitle} description={POST_PAGES.newDescription} />
      <PostEditor mode="new" fields={fields} categories={loaderData.categories} translations={loaderData.translations} computedReadTime={readTimeFor(0)} answer={actionData} />
    </>
  );
}
