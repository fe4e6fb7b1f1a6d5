import { useEffect, useRef, useState } from "react";
import { Form, Link, data, useNavigation, useRevalidator, useSearchParams } from "react-router";
import { MEDIA_ACCEPT_ATTRIBUTE, MEDIA_MESSAGES, MEDIA_PAGE, mediaOutcomeMessage } from "@shared/content/studio-media";
import { formatBytes, thumbnailOf, uploadImage } from "~/components/studio/media-upload";
import { studioMeta } from "~/components/studio/meta";
import { Button, DataTable, EmptyState, Field, Notice, PageHeader, TD, buttonClass, HeadRow } from "~/components/studio/ui";
import { pageError } from "~/lib/service-errors.server";
import { requireStudio } from "~/lib/studio.server";
import { deleteMedia, listMedia } from "../../../server/services/media/library";
import type { Route } from "./+types/media";

export function meta() {
  return studioMeta(MEDIA_PAGE.title);
}

export async function loader(args: Route.LoaderArgs) {
  await requireStudio(args);
  return { media: await listMedia(args.context.deps) };
}

export async function action(args: Route.ActionArgs) {
  const studio = await requireStudio(args);
  const form = await args.request.formData();
  const id = Number(form.get("id"));
  if (form.get("intent") !== "delete" || !Number.isSafeInteger(id) || id < 1) return data({ ok: false as const, message: MEDIA_MESSAGES.notFound }, { status: 400 });
  try {
    await deleteMedia(args.context.deps, id, studio.actor);
    return { ok: true as const, message: MEDIA_MESSAGES.deleted };
  } catch (error) {
    const failure = pageError(error);
    if (!failure) throw error;
    return data({ ok: false as const, message: failure.message }, { status: failure.status });
  }
}

const FILE_ID = "media-file";
const fileInput = () => document.getElementById(FILE_ID) as HTMLInputElement | null;

type Upload = { state: "idle" } | { state: "sending"; percent: number } | { state: "done"; message: string } | { state: "failed"; message: string };

export default function StudioMedia({ loaderData, actionData }: Route.ComponentProps) {
  const { media } = loaderData;
  const [params] = useSearchParams();
  const navigation = useNavigation();
  const revalidator = useRevalidator();
  const [upload, setUpload] = useState<Upload>({ state: "idle" });
  const confirmRef = useRef<HTMLDivElement>(null);

  // After a form post without JavaScript the API sent the browser back here with the outcome's code.
  const postedError = mediaOutcomeMessage(params.get("error"));
  const posted = params.get("uploaded") ? MEDIA_MESSAGES.uploaded : params.get("existing") ? MEDIA_MESSAGES.alreadyThere : undefined;
  const confirmId = Number(params.get("delete"));
  const confirming = media.find((m) => m.id === confirmId && m.usedBy.length === 0);
  const fieldError = upload.state === "failed" ? upload.message : upload.state === "idle" ? postedError : undefined;

  useEffect(() => {
    if (confirming) confirmRef.current?.focus();
  }, [confirming]);

  async function onUpload(event: React.FormEvent<HTMLFormElement>) {
    const file = fileInput()?.files?.[0];
    event.preventDefault();
    if (!file) {
      setUpload({ state: "failed", message: MEDIA_MESSAGES.noFile });
      fileInput()?.focus();
      return;
    }
    setUpload({ state: "sending", percent: 0 });
    const outcome = await uploadImage(file, (percent) => setUpload({ state: "sending", percent }));
    if (outcome.ok) {
      setUpload({ state: "done", message: outcome.created ? MEDIA_MESSAGES.uploaded : MEDIA_MESSAGES.alreadyThere });
      const input = fileInput();
      if (input) input.value = "";
      await revalidator.revalidate();
    } else {
      setUpload({ state: "failed", message: outcome.message });
      fileInput()?.focus();
    }
  }

  const deleting = navigation.state !== "idle" && navigation.formData?.get("intent") === "delete";

  return (
    <>
      <PageHeader title={MEDIA_PAGE.title} description={MEDIA_PAGE.intro} />
      {actionData ? <Notice tone={actionData.ok ? "success" : "error"}>{actionData.message}</Notice> : null}
      {posted && upload.state === "idle" && !actionData ? <Notice tone="success">{posted}</Notice> : null}

      <section aria-labelledby="media-upload" className="mb-8 rounded-lg border border-slate-200 bg-white p-4">
        <h2 id="media-upload" className="mb-3 text-lg font-semibold">
          {MEDIA_PAGE.uploadHeading}
        </h2>
        {/* Without JavaScript the browser posts the file to the API itself, which sends it back here. */}
        <form method="post" action="/api/studio/media" encType="multipart/form-data" onSubmit={onUpload} className="flex flex-wrap items-end gap-3">
          <Field
            id={FILE_ID}
            label={MEDIA_PAGE.fileLabel}
            name="file"
            type="file"
            accept={MEDIA_ACCEPT_ATTRIBUTE}
            required
            hint={MEDIA_PAGE.fileHint}
            error={fieldError}
            className="min-w-0 flex-1"
          />
          <Button type="submit" tone="primary" disabled={upload.state === "sending"}>
            {upload.state === "sending" ? MEDIA_PAGE.uploading : MEDIA_PAGE.uploadButton}
          </Button>
        </form>
        <div role="status" aria-live="polite" className="mt-2 text-sm text-slate-700">
          {upload.state === "sending" ? (
            <>
              <progress max={100} value={upload.percent} className="mr-2 align-middle" aria-label={MEDIA_PAGE.uploading} /> {upload.percent}%
            </>
          ) : upload.state === "done" ? (
            upload.message
          ) : null}
        </div>
      </section>

      <section aria-labelledby="media-library">
        <h2 id="media-library" className="mb-3 text-lg font-semibold">
          {MEDIA_PAGE.libraryHeading}
        </h2>
        {media.length === 0 ? (
          <EmptyState title={MEDIA_PAGE.empty} />
        ) : (
          <DataTable caption={MEDIA_PAGE.tableCaption}>
            <HeadRow columns={[MEDIA_PAGE.columns.image, MEDIA_PAGE.columns.name, MEDIA_PAGE.columns.size, MEDIA_PAGE.columns.dimensions, MEDIA_PAGE.columns.usedBy, MEDIA_PAGE.columns.actions]} />
            <tbody className="divide-y divide-slate-200 bg-white">
              {media.map((item) => {
                const thumb = thumbnailOf(item);
                return (
                  <tr key={item.id} data-testid="media-row">
                    <td className={TD}>
                      {thumb ? (
                        <img src={thumb.url} width={96} height={Math.max(1, Math.round((96 * thumb.height) / thumb.width))} alt="" loading="lazy" decoding="async" className="h-auto w-24 rounded border border-slate-200 bg-slate-100 object-cover" />
                      ) : null}
                    </td>
                    <td className={`${TD} max-w-xs break-words`}>
                      <span className="font-semibold">{item.name}</span>
                      <span className="block text-xs text-slate-600">
                        #{item.id} · {MEDIA_PAGE.versions(item.files.length)}
                      </span>
                    </td>
                    <td className={`${TD} whitespace-nowrap`}>{formatBytes(item.size)}</td>
                    <td className={`${TD} whitespace-nowrap`}>
                      {item.width} × {item.height}
                    </td>
                    <td className={TD}>
                      {item.usedBy.length === 0 ? (
                        <span className="text-slate-600">{MEDIA_PAGE.unused}</span>
                      ) : (
                        <ul>
                          {item.usedBy.map((post) => (
                            <li key={post.id}>
                              <Link to={`/studio/posts/${post.id}`} className="text-emerald-800 underline underline-offset-4">
                                {post.title}
                              </Link>{" "}
                              <span className="text-xs text-slate-600">({post.status})</span>
                            </li>
                          ))}
                        </ul>
                      )}
                    </td>
                    <td className={TD}>
                      {confirming?.id === item.id ? (
                        <div ref={confirmRef} tabIndex={-1} role="group" aria-label={MEDIA_PAGE.confirmDelete} className="flex flex-col gap-2 rounded-md border border-red-300 bg-red-50 p-3 outline-none">
                          <p className="text-sm text-red-900">{MEDIA_PAGE.deleteConfirm(item.name)}</p>
                          <div className="flex flex-wrap gap-2">
                            <Form method="post" replace action="/studio/media">
                              <input type="hidden" name="id" value={item.id} />
                              <Button type="submit" name="intent" value="delete" tone="danger" disabled={deleting}>
                                {MEDIA_PAGE.confirmDelete}
                              </Button>
                            </Form>
                            <Link to="/studio/media" replace className={buttonClass("secondary")}>
                              {MEDIA_PAGE.cancel}
                            </Link>
                          </div>
                        </div>
                      ) : item.usedBy.length > 0 ? (
                        <span className="text-xs text-slate-600">{MEDIA_MESSAGES.inUse(item.usedBy.map((p) => p.title))}</span>
                      ) : (
                        <Link to={`?delete=${item.id}`} className={buttonClass("danger")} aria-label={`${MEDIA_PAGE.delete} ${item.name}`}>
                          {MEDIA_PAGE.delete}
                        </Link>
                      )}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </DataTable>
        )}
      </section>
    </>
  );
}
