import { useEffect, useId, useState } from "react";
import { POST_MARKS } from "@shared/content/studio-posts";
import type { UploadedMedia } from "./media-upload";
import { Button } from "./ui";

type Library = { state: "loading" } | { state: "failed" } | { state: "ready"; items: UploadedMedia[] };

/** The textarea's text changed by hand: the form hears an input event (autosave, the word count) as if typed. */
function replaceRange(area: HTMLTextAreaElement, text: string, start: number, end: number, select: [number, number]) {
  area.focus();
  area.setRangeText(text, start, end, "end");
  area.setSelectionRange(start + select[0], start + select[1]);
  area.dispatchEvent(new Event("input", { bubbles: true }));
}

/** Wraps the selection in `before`/`after` (an empty selection gets `placeholder`, selected to be typed over). */
export function wrapSelection(area: HTMLTextAreaElement, before: string, after: string, placeholder: string) {
  const { selectionStart: start, selectionEnd: end, value } = area;
  const inner = value.slice(start, end) || placeholder;
  replaceRange(area, `${before}${inner}${after}`, start, end, [before.length, before.length + inner.length]);
}

/** A link around the selection, with the address part selected to be typed (`[text](https://)`). */
export function insertLink(area: HTMLTextAreaElement) {
  const { selectionStart: start, selectionEnd: end, value } = area;
  const label = value.slice(start, end) || POST_MARKS.linkText;
  const text = `[${label}](https://)`;
  replaceRange(area, text, start, end, [label.length + 3, text.length - 1]);
}

/** `line` as a paragraph of its own at the caret (blank lines around it as needed). */
export function insertParagraph(area: HTMLTextAreaElement, line: string) {
  const { selectionStart: start, selectionEnd: end, value } = area;
  const before = value.slice(0, start);
  const after = value.slice(end);
  const lead = before === "" || before.endsWith("\n\n") ? "" : before.endsWith("\n") ? "\n" : "\n\n";
  const tail = after === "" || after.startsWith("\n\n") ? "" : after.startsWith("\n") ? "\n" : "\n\n";
  const text = `${lead}${line}${tail}`;
  replaceRange(area, text, start, end, [lead.length + line.length, lead.length + line.length]);
}

/** Each selected line as a list item (`1. `, `2. `... or `- `). */
export function listLines(area: HTMLTextAreaElement, ordered: boolean) {
  const { value } = area;
  const start = value.lastIndexOf("\n", area.selectionStart - 1) + 1;
  const endBreak = value.indexOf("\n", area.selectionEnd);
  const end = endBreak === -1 ? value.length : endBreak;
  const lines = value.slice(start, end).split("\n");
  const text = lines.map((l, i) => `${ordered ? `${i + 1}. ` : "- "}${l.replace(/^(?:\d{1,3}[.)]|[-*])\s+/, "")}`).join("\n");
  replaceRange(area, text, start, end, [text.length, text.length]);
}

/** Alt text and captions are kept inside the picture line's brackets and quotes: those characters are left out. */
const pictureText = (text: string) => text.replace(/[[\]"\n\r]/g, " ").replace(/\s+/g, " ").trim();

/**
 * The body's formatting: buttons (each a plain button: Tab reaches them, Enter or Space acts) and the shortcuts
 * Ctrl/Cmd+B, +I and +K in the body. What they write is the text of decision 0029, visible and editable as typed.
 */
export function MarksToolbar({ bodyId }: { bodyId: string }) {
  const id = useId();
  const [hydrated, setHydrated] = useState(false);
  const area = () => document.getElementById(bodyId) as HTMLTextAreaElement | null;

  useEffect(() => {
    setHydrated(true);
    const body = area();
    if (!body) return;
    const onKey = (event: KeyboardEvent) => {
      if (!(event.ctrlKey || event.metaKey) || event.altKey || event.shiftKey) return;
      const key = event.key.toLowerCase();
      if (key === "b") wrapSelection(body, "**", "**", POST_MARKS.bold.toLowerCase());
      else if (key === "i") wrapSelection(body, "*", "*", POST_MARKS.italic.toLowerCase());
      else if (key === "k") insertLink(body);
      else return;
      event.preventDefault();
    };
    body.addEventListener("keydown", onKey);
    return () => body.removeEventListener("keydown", onKey);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the body's id is fixed for the editor's life
  }, [bodyId]);

  // Without JavaScript the buttons could do nothing: the hint above the body says how to type the marks instead.
  if (!hydrated) return null;
  const act = (fn: (a: HTMLTextAreaElement) => void) => () => {
    const a = area();
    if (a) fn(a);
  };
  return (
    <div className="space-y-3">
      <div role="group" aria-label={POST_MARKS.group} aria-describedby={`${id}-shortcuts`} className="flex flex-wrap gap-2">
        <Button type="button" onClick={act((a) => wrapSelection(a, "**", "**", POST_MARKS.bold.toLowerCase()))} aria-keyshortcuts="Control+B">
          <strong>{POST_MARKS.bold}</strong>
        </Button>
        <Button type="button" onClick={act((a) => wrapSelection(a, "*", "*", POST_MARKS.italic.toLowerCase()))} aria-keyshortcuts="Control+I">
          <em>{POST_MARKS.italic}</em>
        </Button>
        <Button type="button" onClick={act(insertLink)} aria-keyshortcuts="Control+K">
          {POST_MARKS.link}
        </Button>
        <Button type="button" onClick={act((a) => listLines(a, true))}>
          {POST_MARKS.numbered}
        </Button>
        <Button type="button" onClick={act((a) => listLines(a, false))}>
          {POST_MARKS.bulleted}
        </Button>
        <Button type="button" onClick={act((a) => insertParagraph(a, "[[button:book-demo]]"))}>
          {POST_MARKS.bookDemo}
        </Button>
        <Button type="button" onClick={act((a) => insertParagraph(a, "[[button:whatsapp]]"))}>
          {POST_MARKS.whatsapp}
        </Button>
      </div>
      <p id={`${id}-shortcuts`} className="text-xs text-slate-600">
        {POST_MARKS.shortcuts}
      </p>
      <PicturePicker insert={(line) => act((a) => insertParagraph(a, line))()} />
    </div>
  );
}

function PicturePicker({ insert }: { insert: (line: string) => void }) {
  const id = useId();
  const [library, setLibrary] = useState<Library>({ state: "loading" });
  const [chosen, setChosen] = useState("");
  const [alt, setAlt] = useState("");
  const [caption, setCaption] = useState("");
  const [message, setMessage] = useState<{ error: boolean; text: string } | null>(null);

  useEffect(() => {
    let live = true;
    fetch("/api/studio/media", { headers: { accept: "application/json" } })
      .then(async (res) => {
        const body = (await res.json()) as { media?: UploadedMedia[] };
        if (live) setLibrary(res.ok && body.media ? { state: "ready", items: body.media } : { state: "failed" });
      })
      .catch(() => live && setLibrary({ state: "failed" }));
    return () => {
      live = false;
    };
  }, []);

  const onInsert = () => {
    if (!chosen) {
      setMessage({ error: true, text: POST_MARKS.picture.needPicture });
      document.getElementById(`${id}-choose`)?.focus();
      return;
    }
    const altText = pictureText(alt);
    if (!altText) {
      setMessage({ error: true, text: POST_MARKS.picture.needAlt });
      document.getElementById(`${id}-alt`)?.focus();
      return;
    }
    const captionText = pictureText(caption);
    insert(`![${altText}](media:${chosen}${captionText ? ` "${captionText}"` : ""})`);
    setMessage({ error: false, text: POST_MARKS.picture.inserted });
    setChosen("");
    setAlt("");
    setCaption("");
  };
  // Enter in these fields inserts the picture (it must not submit the post's form).
  const onEnter = (event: React.KeyboardEvent) => {
    if (event.key !== "Enter") return;
    event.preventDefault();
    onInsert();
  };
  const control = "block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900";

  return (
    // Typing here is not typing the post: the form's autosave does not hear it.
    <fieldset className="min-w-0 space-y-3 rounded-md border border-slate-200 p-3" onInput={(event) => event.stopPropagation()}>
      <legend className="px-1 text-sm font-semibold text-slate-800">{POST_MARKS.picture.legend}</legend>
      {library.state === "loading" ? <p className="text-sm text-slate-600">{POST_MARKS.picture.loading}</p> : null}
      {library.state === "failed" ? <p className="text-sm text-red-700">{POST_MARKS.picture.failed}</p> : null}
      {library.state === "ready" ? (
        <div className="grid gap-3 sm:grid-cols-3">
          <div>
            <label htmlFor={`${id}-choose`} className="mb-1 block text-sm font-semibold text-slate-800">
              {POST_MARKS.picture.choose}
            </label>
            <select id={`${id}-choose`} value={chosen} onChange={(e) => setChosen(e.target.value)} onKeyDown={onEnter} className={`${control} min-h-10`}>
              <option value="">{POST_MARKS.picture.none}</option>
              {library.items.map((m) => (
                <option key={m.id} value={m.id}>
                  {m.name} ({m.width} x {m.height})
                </option>
              ))}
            </select>
          </div>
          <div>
            <label htmlFor={`${id}-alt`} className="mb-1 block text-sm font-semibold text-slate-800">
              {POST_MARKS.picture.alt}
            </label>
            <input id={`${id}-alt`} value={alt} onChange={(e) => setAlt(e.target.value)} onKeyDown={onEnter} maxLength={300} aria-describedby={`${id}-alt-hint`} className={control} />
            <p id={`${id}-alt-hint`} className="mt-1 text-xs text-slate-600">
              {POST_MARKS.picture.altHint}
            </p>
          </div>
          <div>
            <label htmlFor={`${id}-caption`} className="mb-1 block text-sm font-semibold text-slate-800">
              {POST_MARKS.picture.caption}
            </label>
            <input id={`${id}-caption`} value={caption} onChange={(e) => setCaption(e.target.value)} onKeyDown={onEnter} maxLength={300} className={control} />
          </div>
        </div>
      ) : null}
      <div className="flex flex-wrap items-center gap-3">
        <Button type="button" onClick={onInsert} disabled={library.state !== "ready"}>
          {POST_MARKS.picture.insert}
        </Button>
        <p role="status" aria-live="polite" className={`text-sm ${message?.error ? "font-semibold text-red-700" : "text-slate-700"}`}>
          {message?.text ?? ""}
        </p>
      </div>
    </fieldset>
  );
}
