import { stripLocale } from "@shared/i18n";

/**
 * What the visitor typed survives the language switch (issue 44, item 5; decision 0054).
 *
 * The switch is a plain link: the other language's page is a new document, its forms empty. Just before it is
 * followed, the fields typed in on this page are written to the tab's `sessionStorage` under the page's address
 * without its language (`/contact` for both `/contact` and `/hi/contact`), one entry per form. The next document
 * with that address, in either language, puts them back before React hydrates (the adopt hooks of decision 0022
 * then take them into the components' state), and again when the browser's Back shows a page from its cache.
 * Nothing is sent anywhere; the storage dies with the tab, an entry after 30 minutes, and a form's entry when it
 * is submitted. Never kept: passwords, hidden fields, files, fields out of the tab order (the honeypot).
 *
 * A field is only written when the visitor has not typed in it on this document: it still holds the server's
 * default (or, after Back, what this document held when it was left).
 *
 * A form of steps (sign-up) names the step shown in `data-keep-step`; it is kept with the fields, and put back as
 * the form's `data-kept-step` (before hydration; the form reads it when it mounts) or, after Back, as a
 * `wp-kept-step` event on the form, so the visitor lands on the step they were on (issue 44).
 */

const STORE = "wp-typed";
/** The key of a form's step among its kept values: no field's name starts with "@". */
const STEP = "@step";
export const KEPT_STEP_EVENT = "wp-kept-step";
const MAX_AGE_MS = 30 * 60 * 1000;
const TEXT_TYPES = new Set(["text", "email", "tel", "url", "search", "number", ""]);

type Values = Record<string, string | boolean>;
type Entry = { at: number; forms: Record<string, Values> };
type Store = Record<string, Entry>;
type Field = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

function storage(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

function readStore(): Store {
  try {
    const raw = storage()?.getItem(STORE);
    const parsed: unknown = raw ? JSON.parse(raw) : {};
    return parsed && typeof parsed === "object" ? (parsed as Store) : {};
  } catch {
    return {};
  }
}

function writeStore(store: Store): void {
  const now = Date.now();
  for (const [page, entry] of Object.entries(store)) if (!entry || now - entry.at > MAX_AGE_MS) delete store[page];
  try {
    if (Object.keys(store).length === 0) storage()?.removeItem(STORE);
    else storage()?.setItem(STORE, JSON.stringify(store));
  } catch {
    // Storage full or refused: the switch still works, only without the typed text.
  }
}

function pageKey(): string {
  return stripLocale(window.location.pathname);
}

/** A field worth keeping: something the visitor types or picks, not a password, a token or the honeypot. */
function keptField(element: Element): element is Field {
  if (!(element instanceof HTMLInputElement || element instanceof HTMLTextAreaElement || element instanceof HTMLSelectElement)) return false;
  if (!element.name || element.disabled || element.tabIndex < 0 || element.closest("[aria-hidden='true'],[data-keep-typed='no']")) return false;
  if (element instanceof HTMLInputElement) {
    const type = element.type.toLowerCase();
    return TEXT_TYPES.has(type) || type === "checkbox" || type === "radio";
  }
  return true;
}

function fieldKey(field: Field): string {
  return field instanceof HTMLInputElement && field.type === "radio" ? `${field.name}=${field.value}` : field.name;
}

function isCheck(field: Field): field is HTMLInputElement {
  return field instanceof HTMLInputElement && (field.type === "checkbox" || field.type === "radio");
}

function currentValue(field: Field): string | boolean {
  return isCheck(field) ? field.checked : field.value;
}

function defaultValue(field: Field): string | boolean {
  if (isCheck(field)) return field.defaultChecked;
  if (field instanceof HTMLSelectElement) {
    const chosen = Array.from(field.options).find((option) => option.defaultSelected) ?? field.options[0];
    return chosen?.value ?? "";
  }
  return field.defaultValue;
}

/**
 * The page's forms by a name that is the same in both languages: the names of the fields kept, and which form with
 * those names it is (the footer's newsletter box is on every page, the contact form only on one).
 */
function formsOfPage(): Map<string, Field[]> {
  const forms = new Map<string, Field[]>();
  const seen = new Map<string, number>();
  for (const form of Array.from(document.forms)) {
    const fields = Array.from(form.elements).filter(keptField);
    if (fields.length === 0) continue;
    const names = Array.from(new Set(fields.map((field) => field.name))).sort().join(",");
    const nth = seen.get(names) ?? 0;
    seen.set(names, nth + 1);
    forms.set(`${names}#${nth}`, fields);
  }
  return forms;
}

/** What this document last wrote (or restored), to tell after Back whether the visitor has typed since. */
let lastKept: Record<string, Values> = {};

/** Writes what is typed on this page into the tab's storage: called before the language switch is followed. */
export function keepTyped(): void {
  const forms: Record<string, Values> = {};
  for (const [key, fields] of formsOfPage()) {
    const values: Values = {};
    let typed = false;
    for (const field of fields) {
      const value = currentValue(field);
      values[fieldKey(field)] = value;
      // React keeps a controlled field's default equal to its value, so "typed" is: some text, a box ticked.
      if (value === true || (typeof value === "string" && value !== "" && !(field instanceof HTMLSelectElement))) typed = true;
    }
    const step = fields[0]?.form?.dataset.keepStep;
    if (typed && step) values[STEP] = step;
    if (typed) forms[key] = values;
  }
  const store = readStore();
  if (Object.keys(forms).length > 0) store[pageKey()] = { at: Date.now(), forms };
  else delete store[pageKey()];
  lastKept = forms;
  writeStore(store);
}

/** Sets a field as typing would, so a hydrated component's state follows (the Back case). */
function setField(field: Field, value: string | boolean, hydrated: boolean): void {
  const proto = field instanceof HTMLInputElement ? HTMLInputElement.prototype : field instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLSelectElement.prototype;
  const property = isCheck(field) ? "checked" : "value";
  if (hydrated) Object.getOwnPropertyDescriptor(proto, property)?.set?.call(field, value);
  else if (isCheck(field)) field.checked = value === true;
  else field.value = String(value);
  if (hydrated) {
    field.dispatchEvent(new Event(isCheck(field) || field instanceof HTMLSelectElement ? "click" : "input", { bubbles: true }));
    field.dispatchEvent(new Event("change", { bubbles: true }));
  }
}

/**
 * Puts back what was kept for this page (in either language), into fields the visitor has not typed in since.
 * `hydrated`: the page is already React's (shown again by Back from the browser's cache).
 */
export function restoreTyped(hydrated = false): void {
  const entry = readStore()[pageKey()];
  if (!entry || Date.now() - entry.at > MAX_AGE_MS) return;
  const before = lastKept;
  for (const [key, fields] of formsOfPage()) {
    const values = entry.forms[key];
    if (!values) continue;
    for (const field of fields) {
      const value = values[fieldKey(field)];
      if (value === undefined || typeof value !== typeof currentValue(field)) continue;
      const now = currentValue(field);
      // Before hydration the default is the server's; after it (Back from the cache) React has made the default
      // the value, so untouched is "what this document held when it was left", or an empty box.
      const untouched = hydrated
        ? before[key]?.[fieldKey(field)] === now || (now === "" && !(field instanceof HTMLSelectElement))
        : now === defaultValue(field);
      if (untouched && now !== value) setField(field, value, hydrated);
    }
    const step = values[STEP];
    const form = fields[0]?.form;
    if (typeof step === "string" && form && form.dataset.keepStep !== undefined && form.dataset.keepStep !== step) {
      form.dataset.keptStep = step;
      if (hydrated) form.dispatchEvent(new CustomEvent(KEPT_STEP_EVENT));
    }
  }
  lastKept = entry.forms;
}

/** A form sent: its kept text has done its job. */
function forgetForm(form: HTMLFormElement): void {
  const store = readStore();
  const entry = store[pageKey()];
  if (!entry) return;
  for (const [key, fields] of formsOfPage()) if (fields[0]?.form === form) delete entry.forms[key];
  if (Object.keys(entry.forms).length === 0) delete store[pageKey()];
  writeStore(store);
}

/** The language switch's click: keep the typed text and carry the `#fragment` to the other language's page. */
export function onLanguageSwitchClick(event: { currentTarget: HTMLAnchorElement }): void {
  keepTyped();
  const link = event.currentTarget;
  const { hash } = window.location;
  if (hash && !link.hash) link.hash = hash;
}

/**
 * Called once by the client entry, before hydration: restores this page's kept text; after Back from the cache,
 * again; a page left while it has kept text (the visitor came by the switch and goes Back) keeps its newer text;
 * a submitted form's entry is dropped.
 */
export function installKeepTyped(): void {
  restoreTyped(false);
  window.addEventListener("pageshow", (event) => {
    if (event.persisted) restoreTyped(true);
  });
  window.addEventListener("pagehide", () => {
    if (readStore()[pageKey()]) keepTyped();
  });
  document.addEventListener("submit", (event) => {
    if (event.target instanceof HTMLFormElement) forgetForm(event.target);
  });
}
