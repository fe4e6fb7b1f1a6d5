import { useId, useRef, useState } from "react";
import type { ONBOARDING_PAGE } from "@shared/content/onboarding";
import type { Translation } from "@shared/i18n";
import { BRIEF_FILE_PURPOSES } from "@shared/schemas/onboarding";

type Page = typeof ONBOARDING_PAGE | Translation<typeof ONBOARDING_PAGE>;
export type FileRow = { id: number; originalName: string; purpose: string; contentType: string; size: number };

const ACCEPT = "image/jpeg,image/png,image/webp,image/avif,application/pdf";

/**
 * The customer's files (price list, brochure, logo): listed with a link that downloads them (private: only this
 * account and staff may), added one at a time. With JavaScript the upload goes through fetch and the list grows in
 * place; without it the form posts to the API, which sends the browser back to the page.
 */
export function FilesPanel({ t, files: initial, locale, hydrated }: { t: Page; files: FileRow[]; locale: "en" | "hi"; hydrated: boolean }) {
  const [files, setFiles] = useState(initial);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ tone: "error" | "success"; text: string } | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const id = useId();

  async function upload(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const file = data.get("file");
    if (!(file instanceof File) || file.size === 0) {
      setMessage({ tone: "error", text: t.files.hint });
      return;
    }
    setBusy(true);
    setMessage(null);
    try {
      const res = await fetch("/api/onboarding/files", { method: "POST", body: data, credentials: "same-origin", headers: { accept: "application/json" } });
      const body = (await res.json().catch(() => ({}))) as { file?: FileRow; message?: string };
      if (res.ok && body.file) {
        setFiles((f) => [body.file!, ...f]);
        setMessage({ tone: "success", text: t.fileAdded });
        form.reset();
      } else {
        setMessage({ tone: "error", text: body.message ?? t.saveFailed });
      }
    } catch {
      setMessage({ tone: "error", text: t.saveFailed });
    } finally {
      setBusy(false);
    }
  }

  async function remove(file: FileRow) {
    const res = await fetch(`/api/onboarding/files/${file.id}`, { method: "DELETE", credentials: "same-origin", headers: { accept: "application/json" } }).catch(() => null);
    if (res?.ok) setFiles((f) => f.filter((x) => x.id !== file.id));
    else setMessage({ tone: "error", text: t.saveFailed });
  }

  return (
    <section aria-labelledby={`${id}-files`} id="files">
      <h3 id={`${id}-files`} className="text-lg font-bold text-slate-900">
        {t.files.label}
      </h3>
      <p className="mt-1 text-sm text-slate-600">{t.files.hint}</p>
      {files.length === 0 ? (
        <p className="mt-3 text-sm text-slate-700">{t.filesNone}</p>
      ) : (
        <ul className="mt-3 space-y-2" data-testid="kit-files">
          {files.map((file) => (
            <li key={file.id} className="flex flex-wrap items-center gap-3 text-sm">
              <a href={`/api/onboarding/files/${file.id}`} className="inline-flex min-h-11 items-center font-semibold text-emerald-800 underline underline-offset-4 [overflow-wrap:anywhere]">
                {t.fileOpen(file.originalName)}
              </a>
              <span className="text-slate-600">{t.filePurposes[file.purpose as keyof typeof t.filePurposes] ?? file.purpose}</span>
              {hydrated && (
                <button type="button" className="btn-ghost min-h-11" onClick={() => void remove(file)}>
                  {t.fileRemove(file.originalName)}
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
      <div aria-live="polite" role="status" className="mt-2 text-sm">
        {message && <p className={message.tone === "error" ? "font-medium text-rose-700" : "text-emerald-800"}>{message.text}</p>}
      </div>
      <form ref={formRef} method="post" action="/api/onboarding/files" encType="multipart/form-data" onSubmit={hydrated ? upload : undefined} className="mt-3 grid gap-3 sm:grid-cols-[1fr_1fr_auto] sm:items-end">
        <input type="hidden" name="locale" value={locale} />
        <div>
          <label htmlFor={`${id}-purpose`} className="block text-sm font-semibold text-slate-900">
            {t.filePurpose}
          </label>
          <select id={`${id}-purpose`} name="purpose" className="mt-1 block min-h-11 w-full rounded-md border border-slate-400 bg-white px-3 py-2 text-base">
            {BRIEF_FILE_PURPOSES.map((purpose) => (
              <option key={purpose} value={purpose}>
                {t.filePurposes[purpose]}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor={`${id}-file`} className="block text-sm font-semibold text-slate-900">
            {t.fileChoose}
          </label>
          <input id={`${id}-file`} name="file" type="file" accept={ACCEPT} className="mt-1 block min-h-11 w-full text-base" />
        </div>
        <button type="submit" className="btn-ghost min-h-11" disabled={busy}>
          {busy ? t.fileUploading : t.fileUpload}
        </button>
      </form>
    </section>
  );
}
