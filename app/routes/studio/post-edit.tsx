import { data, Link, redirect } from "react-router";
import { POST_MESSAGES, POST_PAGES, savedMessage } from "@shared/content/studio-posts";
import { studioMeta } from "~/components/studio/meta";
import { PostEditor, PostStatusBadge } from "~/components/studio/posts-editor";
import { PageHeader, buttonClass } from "~/components/studio/ui";
import { type EditorAnswer, changesFromForm, instantFromLocal, loadPost, refusal, valuesFromForm } from "~/lib/studio-posts.server";
import { requireStudio } from "~/lib/studio.server";
import { invalid, isServiceError, notFound } from "../../../server/services/errors";
import { getRevision, revisionFields } from "../../../server/services/blog/revisions";
import type { PostFields } from "../../../server/services/blog/studio-post-fields";
import { translationChoices } from "../../../server/services/blog/studio-post-reads";
import { autosavePost, deletePost, publishPost, savePost, schedulePost, unpublishPost } from "../../../server/services/blog/studio-posts";
import { blogCategories } from "../../../server/services/content/categories";
import type { Route } from "./+types/post-edit";

export function meta({ loaderData }: Route.MetaArgs) {
  return studioMeta(loaderData?.post.title ? `${POST_PAGES.editTitle}: ${loaderData.post.title}` : POST_PAGES.editTitle);
}

export async function loader(args: Route.LoaderArgs) {
  const studio = await requireStudio(args);
  const post = await loadPost(args.context.deps, args.params.id);
  // A revision opened to restore (`?restore=ID`, from the revisions page): its fields fill the editor, unsaved.
  const restoreId = new URL(args.request.url).searchParams.get("restore");
  let restoring: { revisionId: number; version: number; fields: PostFields } | null = null;
  if (restoreId !== null) {
    const revisionId = /^\d{1,15}$/.test(restoreId) ? Number(restoreId) : 0;
    try {
      const revision = await getRevision(args.context.deps, post.id, revisionId);
      restoring = { revisionId, version: revision.version, fields: await revisionFields(args.context.deps, post.id, revisionId) };
    } catch (error) {
      if (isServiceError(error) && error.kind === "not-found") throw data({ message: POST_MESSAGES.revisionNotFound }, { status: 404 });
      throw error;
    }
  }
  // Newsletters are the owner's (issue 16): only an owner is offered to send a published post.
  const translations = await translationChoices(args.context.deps, post.id);
  const categories = (await blogCategories(args.context.deps)).categories.map((c) => c.name);
  return { post, restoring, translations, categories, canSendNewsletter: studio.access === "owner" && post.status === "published" };
}

export async function action(args: Route.ActionArgs) {
  const studio = await requireStudio(args);
  const deps = args.context.deps;
  const form = await args.request.formData();
  const intent = form.get("intent");
  const id = /^\d{1,15}$/.test(args.params.id) ? Number(args.params.id) : 0;
  const version = Number(form.get("version"));
  // The revision this text was restored from, until its first save (audited "revision restored").
  const restoredText = form.get("restoredFrom");
  const options = typeof restoredText === "string" && restoredText !== "" ? { restoredFrom: restoredText } : {};
  try {
    if (intent === "delete") {
      if (form.get("confirm") !== "yes") throw invalid(POST_PAGES.deleteNeedsConfirm, "confirm");
      await deletePost(deps, studio.actor, id);
      return redirect("/studio/posts");
    }
    const changes = changesFromForm(form);
    let post;
    let message: string;
    switch (intent) {
      case "publish":
        post = await publishPost(deps, studio.actor, id, version, changes, undefined, options);
        message = POST_MESSAGES.published;
        break;
      case "schedule": {
        const at = instantFromLocal(String(form.get("scheduledAt") ?? ""), String(form.get("tzOffset") ?? "0"));
        if (at === null) throw invalid(POST_MESSAGES.scheduleInvalid, "scheduledAt");
        post = await schedulePost(deps, studio.actor, id, version, at, changes, undefined, options);
        message = POST_MESSAGES.scheduled;
        break;
      }
      case "unpublish":
        post = await unpublishPost(deps, studio.actor, id, version, changes);
        message = POST_MESSAGES.unpublished;
        break;
      case "save":
        post = await savePost(deps, studio.actor, id, version, changes, undefined, options);
        message = savedMessage(post.status);
        break;
      case "autosave":
        post = await autosavePost(deps, studio.actor, id, version, changes);
        message = savedMessage(post.status);
        break;
      default:
        throw notFound(POST_MESSAGES.notFound);
    }
    return data<EditorAnswer>({ ok: true, message, version: post.version, status: post.status });
  } catch (error) {
    return refusal(error, intent === "delete" ? undefined : valuesFromForm(form));
  }
}

export default function EditPost({ loaderData, actionData }: Route.ComponentProps) {
  const { post, restoring, translations, canSendNewsletter } = loaderData;
  // The schedule's text is made by the editor, in the zone its form sends (post.scheduledAt below).
  const fields = { ...post, ...(restoring?.fields ?? {}), scheduledAt: "" };
  return (
    <>
      <PageHeader
        title={post.title || POST_PAGES.editTitle}
        description={
          <span className="inline-flex flex-wrap items-center gap-2">
            <PostStatusBadge status={post.status} /> /blog/{post.slug}
          </span>
        }
        actions={
          <>
            <Link to={`/studio/posts/${post.id}/preview`} className={buttonClass("secondary")}>
              {POST_PAGES.preview}
            </Link>
            <Link to={`/studio/posts/${post.id}/revisions`} className={buttonClass("secondary")}>
              {POST_PAGES.revisions}
            </Link>
            {canSendNewsletter ? (
              <Link to={`/studio/newsletters/new?post=${post.id}`} className={buttonClass("secondary")}>
                {POST_PAGES.sendAsNewsletter}
              </Link>
            ) : null}
          </>
        }
      />
      <PostEditor
        key={`${post.id}-${restoring?.revisionId ?? ""}`}
        mode="edit"
        fields={fields}
        categories={loaderData.categories}
        translations={translations}
        computedReadTime={post.computedReadTime}
        words={post.words}
        post={{ id: post.id, version: post.version, status: post.status, scheduledAt: post.scheduledAt }}
        answer={actionData}
        restoring={restoring ? { revisionId: restoring.revisionId, version: restoring.version } : undefined}
      />
    </>
  );
}
