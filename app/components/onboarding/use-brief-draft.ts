import { type Dispatch, type SetStateAction, useCallback, useEffect, useRef, useState } from "react";
import { type BriefFields, EMPTY_BRIEF, briefOfFormData } from "@shared/schemas/onboarding";
import type { FieldErrors } from "./brief-fields";

export type SaveState = "idle" | "saving" | "saved" | "failed" | "conflict";
export type Conflict = { revision: number; fields: BriefFields; kitKey: string };

const storageKey = (userId: string) => `wp-brief:${userId}`;

/** What the form holds now, read from its fields (the DOM is the one source: fields are uncontrolled). */
export function readBrief(form: HTMLFormElement): { kitKey: string; fields: BriefFields } {
  return briefOfFormData(new FormData(form));
}

const rowsFor = (fields: BriefFields) => Array.from({ length: Math.max(1, fields.services.length) }, (_, i) => i);

type Options = {
  values: BriefFields;
  kitKey: string | null;
  revision: number;
  userId: string;
  locale: "en" | "hi";
  labelOf: (kitKey: string) => string;
  setErrors: Dispatch<SetStateAction<FieldErrors>>;
};

/**
 * The brief's draft as the customer types: saved to the server a second after they stop, with the revision it was
 * made from. A failed save keeps the text (in the form and in this browser's storage) and tries again; a save refused
 * because another device saved meanwhile is held as a conflict until the customer keeps one of the two versions.
 */
export function useBriefDraft({ userId, locale, labelOf, setErrors, ...initial }: Options) {
  const [values, setValues] = useState(initial.values);
  const [kitKey, setKitKey] = useState<string | null>(initial.kitKey);
  const [formKey, setFormKey] = useState(0);
  const [saveState, setSaveState] = useState<SaveState>("idle");
  const [conflict, setConflict] = useState<Conflict | null>(null);
  const [rows, setRows] = useState(() => rowsFor(initial.values));
  const nextRow = useRef(rows.length);
  const revision = useRef(initial.revision);
  const formRef = useRef<HTMLFormElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const retries = useRef(0);
  const inFlight = useRef<Promise<boolean> | null>(null);
  const dirty = useRef(false);
  const saveRefused = useRef<string | null>(null);

  /** Another version replaces the form's fields (the form is drawn anew: its fields are uncontrolled). */
  const replaceWith = (fields: BriefFields, key: string) => {
    setValues(fields);
    setKitKey(key);
    setRows(rowsFor(fields));
    nextRow.current = Math.max(1, fields.services.length);
    setFormKey((k) => k + 1);
  };

  const remember = useCallback(() => {
    const form = formRef.current;
    if (!form) return;
    try {
      const { kitKey: key, fields } = readBrief(form);
      localStorage.setItem(storageKey(userId), JSON.stringify({ revision: revision.current, kitKey: key, fields }));
    } catch {
      // Storage full or refused: the server's draft still holds what was saved.
    }
  }, [userId]);

  const save = useCallback(async (): Promise<boolean> => {
    const form = formRef.current;
    if (!form) return false;
    if (inFlight.current) await inFlight.current;
    const { kitKey: key, fields } = readBrief(form);
    dirty.current = false;
    setSaveState("saving");
    const run = (async () => {
      try {
        const res = await fetch("/api/onboarding/brief", {
          method: "PUT",
          credentials: "same-origin",
          headers: { "content-type": "application/json", accept: "application/json" },
          body: JSON.stringify({ kitKey: key, kitLabel: labelOf(key), fields, revision: revision.current, locale }),
        });
        const body = (await res.json().catch(() => ({}))) as { brief?: Conflict; reason?: string; field?: string; message?: string };
        if (res.ok && body.brief) {
          revision.current = body.brief.revision;
          retries.current = 0;
          setSaveState(dirty.current ? "idle" : "saved");
          // Only the message of a save's own refusal goes with the next good save; the submit's checks stay until fixed.
          const refused = saveRefused.current;
          if (refused) {
            saveRefused.current = null;
            setErrors(({ [refused]: _gone, ...rest }) => rest);
          }
          if (!dirty.current) localStorage.removeItem(storageKey(userId));
          return true;
        }
        if (res.status === 409 && body.reason === "stale-brief" && body.brief) {
          setConflict({ revision: body.brief.revision, fields: body.brief.fields, kitKey: body.brief.kitKey });
          setSaveState("conflict");
          return false;
        }
        if (res.status === 400 && body.field) {
          const field = body.field.split(".")[0]!;
          saveRefused.current = field;
          setErrors((e) => ({ ...e, [field]: body.message ?? "" }));
          setSaveState("failed");
          return false;
        }
        throw new Error(`save answered ${res.status}`);
      } catch {
        // Offline, a slow network, the server busy: the text stays, and another try follows (5 s, 10 s, 20 s, ... 60 s).
        dirty.current = true;
        setSaveState("failed");
        const wait = Math.min(60_000, 5_000 * 2 ** retries.current++);
        clearTimeout(timer.current);
        timer.current = setTimeout(() => void save(), wait);
        return false;
      }
    })();
    inFlight.current = run;
    const ok = await run;
    inFlight.current = null;
    return ok;
  }, [labelOf, locale, userId, setErrors]);

  const changed = useCallback(
    (event?: { target: EventTarget | null }) => {
      // A field being corrected loses its message (the submit checks it again).
      const name = (event?.target as HTMLInputElement | null)?.name;
      const key = name === "serviceName" || name === "servicePrice" ? "services" : name;
      if (key) setErrors((e) => (e[key] ? Object.fromEntries(Object.entries(e).filter(([k]) => k !== key)) : e));
      dirty.current = true;
      setSaveState((s) => (s === "conflict" ? s : "idle"));
      remember();
      clearTimeout(timer.current);
      if (!conflict) timer.current = setTimeout(() => void save(), 900);
    },
    [remember, save, conflict, setErrors],
  );

  // What this browser kept of a draft the server never got (a reload, a closed tab mid-save) comes back first.
  useEffect(() => {
    try {
      const kept = JSON.parse(localStorage.getItem(storageKey(userId)) ?? "null") as Conflict | null;
      if (kept && kept.revision === initial.revision && JSON.stringify(kept.fields) !== JSON.stringify(initial.values)) {
        replaceWith({ ...EMPTY_BRIEF, ...kept.fields }, kept.kitKey);
        dirty.current = true;
        timer.current = setTimeout(() => void save(), 300);
      } else if (kept && kept.revision !== initial.revision) {
        localStorage.removeItem(storageKey(userId));
      }
    } catch {
      // Nothing kept, or storage unavailable.
    }
    return () => clearTimeout(timer.current);
    // Once, at hydration.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // Leaving with text not yet saved: the browser asks first.
  useEffect(() => {
    const warn = (event: BeforeUnloadEvent) => {
      if (dirty.current) {
        remember();
        event.preventDefault();
      }
    };
    window.addEventListener("beforeunload", warn);
    return () => window.removeEventListener("beforeunload", warn);
  }, [remember]);

  function resolveConflict(keep: "mine" | "theirs") {
    if (!conflict) return;
    revision.current = conflict.revision;
    if (keep === "theirs") {
      replaceWith(conflict.fields, conflict.kitKey);
      localStorage.removeItem(storageKey(userId));
      dirty.current = false;
      setSaveState("saved");
    }
    setConflict(null);
    if (keep === "mine") void save();
  }

  return {
    formRef,
    formKey,
    values,
    kitKey,
    setKitKey,
    rows,
    addRow: () => {
      const row = nextRow.current++;
      setRows((r) => [...r, row]);
    },
    removeRow: (row: number) => setRows((r) => r.filter((x) => x !== row)),
    revision,
    saveState,
    conflict,
    save,
    changed,
    resolveConflict,
    /** The submit found the brief stale: the newer version waits for the customer's choice. */
    refusedAsStale: (brief: Conflict) => {
      setConflict({ revision: brief.revision, fields: brief.fields, kitKey: brief.kitKey });
      setSaveState("conflict");
    },
    /** Before the submit: no save waits or runs. */
    settle: async () => {
      clearTimeout(timer.current);
      if (inFlight.current) await inFlight.current;
    },
    /** The brief was submitted: nothing is left to save or keep. */
    done: () => {
      dirty.current = false;
      localStorage.removeItem(storageKey(userId));
    },
  };
}
