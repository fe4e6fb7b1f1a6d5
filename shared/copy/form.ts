import type { Field } from "./fields";

/**
 * The editor's form and the document it stands for (decision 0027). Every field is named by its path
 * (`heading`, `entries.3.question`); each list also sends `<path>.$list` so an emptied list is told from one the form
 * did not show. The list's buttons (add, remove, move up/down) are submit buttons named `intent`
 * (`add:entries`, `remove:entries.3`, `up:entries.3`, `down:entries.3`): the page answers with the form changed and
 * nothing saved, so they work without JavaScript and never lose what was typed.
 */

export const LIST_MARK = "$list";

/** The document a form sent: each path's value put back in its place, list items in the order of their indices. */
export function copyFromForm(sections: Readonly<Record<string, Field>>, entries: Iterable<[string, unknown]>): Record<string, unknown> {
  const sent = new Map<string, string>();
  for (const [name, value] of entries) if (typeof value === "string" && !sent.has(name)) sent.set(name, value);
  const build = (field: Field, path: string): unknown => {
    switch (field.kind) {
      case "text":
      case "url":
      case "choice":
        return sent.get(path);
      case "group":
        return Object.fromEntries(Object.entries(field.fields).map(([k, sub]) => [k, build(sub, `${path}.${k}`)]));
      case "list": {
        const prefix = `${path}.`;
        const indices = new Set<number>();
        for (const name of sent.keys()) {
          if (!name.startsWith(prefix)) continue;
          const match = /^(\d{1,4})(?:\.|$)/.exec(name.slice(prefix.length));
          if (match) indices.add(Number(match[1]));
        }
        if (indices.size === 0 && !sent.has(`${prefix}${LIST_MARK}`)) return undefined;
        return [...indices].sort((a, b) => a - b).slice(0, field.max + 1).map((i) => build(field.item, `${prefix}${i}`));
      }
    }
  };
  return Object.fromEntries(Object.entries(sections).map(([k, field]) => [k, build(field, k)]));
}

/** An empty item of a field (what "Add" puts in a list). */
export function blankOf(field: Field): unknown {
  switch (field.kind) {
    case "group":
      return Object.fromEntries(Object.entries(field.fields).map(([k, sub]) => [k, blankOf(sub)]));
    case "list":
      return [];
    default:
      return "";
  }
}

export type ListOp = { op: "add" | "remove" | "up" | "down"; list: string; index: number };

/** Reads a list button's `intent` (`remove:entries.3`); null for anything else. */
export function parseListOp(intent: unknown): ListOp | null {
  if (typeof intent !== "string" || intent.length > 200) return null;
  const m = /^(add|remove|up|down):([A-Za-z0-9.]+)$/.exec(intent);
  if (!m) return null;
  const op = m[1] as ListOp["op"];
  if (op === "add") return { op, list: m[2]!, index: -1 };
  const at = /^(.*)\.(\d{1,4})$/.exec(m[2]!);
  return at ? { op, list: at[1]!, index: Number(at[2]) } : null;
}

/**
 * The document with one list changed. Returns null when the list does not exist, the index is out of range, or the
 * list is already at its limit. Also gives the path to focus afterwards (the added or moved item).
 */
export function applyListOp(sections: Readonly<Record<string, Field>>, value: Record<string, unknown>, op: ListOp): { value: Record<string, unknown>; focus: string } | null {
  const parts = op.list.split(".");
  const copy = structuredClone(value);
  let fields: Readonly<Record<string, Field>> | undefined = sections;
  let field: Field | undefined;
  let holder: unknown = copy;
  for (let i = 0; i < parts.length; i++) {
    const part = parts[i]!;
    const last = i === parts.length - 1;
    if (field?.kind === "list") {
      if (!/^\d+$/.test(part) || !Array.isArray(holder)) return null;
      field = field.item;
    } else {
      if (!fields || !Object.hasOwn(fields, part)) return null;
      field = fields[part];
    }
    fields = field?.kind === "group" ? field.fields : undefined;
    const container = holder as Record<string, unknown>;
    if (last && field?.kind === "list" && !Array.isArray(container[part])) container[part] = [];
    holder = container[part];
  }
  if (field?.kind !== "list" || !Array.isArray(holder)) return null;
  const list = holder as unknown[];
  const i = op.index;
  switch (op.op) {
    case "add":
      if (list.length >= field.max) return null;
      list.push(blankOf(field.item));
      return { value: copy, focus: `${op.list}.${list.length - 1}` };
    case "remove":
      if (i < 0 || i >= list.length || list.length <= (field.min ?? 0)) return null;
      list.splice(i, 1);
      return { value: copy, focus: list.length === 0 ? `${op.list}` : `${op.list}.${Math.min(i, list.length - 1)}` };
    case "up":
    case "down": {
      const j = op.op === "up" ? i - 1 : i + 1;
      if (i < 0 || i >= list.length || j < 0 || j >= list.length) return null;
      [list[i], list[j]] = [list[j], list[i]];
      return { value: copy, focus: `${op.list}.${j}` };
    }
  }
}
