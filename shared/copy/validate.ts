import type { Field } from "./fields";
import { isHttpUrl, isImageAddress } from "../http-url";
import { isRecord } from "./merge";

/**
 * The server's check of a document an editor sends (issue 28, decision 0027), from the same Field descriptions the
 * form is drawn from. Every fault is reported against its field's path (`entries.3.question`), in words naming the
 * field as the editor sees it ("Questions, Question 4, Answer"), so the form shows it next to that field.
 *
 * What passes is the value to store: known fields only, texts as typed (line ends as `\n`). An emptied text, URL or
 * choice is stored empty and falls back to its default when shown (never a hole); a text in an item added beyond the
 * defaults has no default, so it is required.
 */

/** The most a document may weigh as stored (JSON characters): the FAQ at its fullest is about a fifth of it. */
export const MAX_DOC_CHARS = 200_000;

export type CopyCheck = { value: Record<string, unknown>; errors: Record<string, string> };

export function checkCopy(sections: Readonly<Record<string, Field>>, input: unknown, defaults: unknown): CopyCheck {
  const errors: Record<string, string> = {};
  const value = checkGroup(sections, input, defaults, "", [], errors);
  if (Object.keys(errors).length === 0 && JSON.stringify(value).length > MAX_DOC_CHARS) {
    errors[""] = `This document is too long to store (at most ${MAX_DOC_CHARS.toLocaleString("en")} characters in all).`;
  }
  return { value, errors };
}

function checkGroup(
  fields: Readonly<Record<string, Field>>,
  input: unknown,
  fallback: unknown,
  path: string,
  labels: string[],
  errors: Record<string, string>,
): Record<string, unknown> {
  const given = isRecord(input) ? input : {};
  const defaults = isRecord(fallback) ? fallback : undefined;
  const out: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(fields)) {
    out[key] = checkField(field, given[key], defaults ? defaults[key] : undefined, join(path, key), [...labels, field.label], errors);
  }
  return out;
}

function checkField(field: Field, input: unknown, fallback: unknown, path: string, labels: string[], errors: Record<string, string>): unknown {
  const name = labels.join(", ");
  const hasDefault = fallback !== undefined;
  switch (field.kind) {
    case "text": {
      if (input === undefined || input === null) input = "";
      if (typeof input !== "string") {
        errors[path] = `${name} must be text.`;
        return "";
      }
      const text = input.replace(/\r\n?/g, "\n");
      if (hasControl(text)) errors[path] = `${name} holds characters that cannot be shown.`;
      else if (!field.multiline && text.includes("\n")) errors[path] = `${name} must be one line.`;
      else if (text.length > field.max) errors[path] = `${name} must be at most ${field.max} characters (it has ${text.length}).`;
      else if (text.trim() === "" && !hasDefault && !field.optional) errors[path] = `${name} is required.`;
      return text.trim() === "" ? "" : text;
    }
    case "url": {
      if (input === undefined || input === null) input = "";
      if (typeof input !== "string") {
        errors[path] = `${name} must be text.`;
        return "";
      }
      const text = input.trim();
      if (text === "") {
        if (!hasDefault && !field.optional) errors[path] = `${name} is required.`;
        return "";
      }
      if (field.media ? !isImageAddress(text) : !isHttpUrl(text)) {
        errors[path] = field.media
          ? `${name} must be an image from the media library or a web address starting with https:// or http://.`
          : `${name} must be a web address starting with https:// or http://.`;
      }
      return text;
    }
    case "choice": {
      if (input === undefined || input === null || input === "") {
        if (!hasDefault) errors[path] = `${name}: choose one.`;
        return "";
      }
      if (typeof input !== "string" || !field.options.some((o) => o.value === input)) {
        errors[path] = `${name}: choose one of the options offered.`;
        return "";
      }
      return input;
    }
    case "group":
      return checkGroup(field.fields, input, fallback, path, labels, errors);
    case "list": {
      const items = input === undefined || input === null ? [] : input;
      if (!Array.isArray(items)) {
        errors[path] = `${name} must be a list.`;
        return [];
      }
      const defaults = Array.isArray(fallback) ? fallback : [];
      const min = field.min ?? 0;
      if (items.length > field.max) errors[path] = `${name}: at most ${field.max} ${plural(field.itemLabel, field.max)}.`;
      else if (items.length < min) errors[path] = `${name}: at least ${min} ${plural(field.itemLabel, min)}.`;
      return items
        .slice(0, field.max)
        .map((item, i) => checkField(field.item, item, defaults[i], join(path, String(i)), [...labels, `${field.itemLabel} ${i + 1}`], errors));
    }
  }
}

/** Control characters other than the line end and tab (never shown; a NUL is refused by PostgreSQL). */
function hasControl(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if ((code < 32 && code !== 9 && code !== 10) || code === 127) return true;
  }
  return false;
}

function plural(word: string, n: number): string {
  const w = word.toLowerCase();
  return n === 1 ? w : `${w}s`;
}

function join(path: string, key: string): string {
  return path === "" ? key : `${path}.${key}`;
}

/**
 * Field by field, where two values of a document differ: the paths of the texts, URLs and choices that are not the
 * same, and of the lists whose length is not (`entries` when a question was added).
 */
export function changedPaths(sections: Readonly<Record<string, Field>>, before: unknown, after: unknown): string[] {
  const out: string[] = [];
  const walk = (field: Field, a: unknown, b: unknown, path: string) => {
    if (field.kind === "group") {
      for (const [k, sub] of Object.entries(field.fields)) walk(sub, isRecord(a) ? a[k] : undefined, isRecord(b) ? b[k] : undefined, join(path, k));
      return;
    }
    if (field.kind === "list") {
      const la = Array.isArray(a) ? a : [];
      const lb = Array.isArray(b) ? b : [];
      if (la.length !== lb.length) out.push(path);
      for (let i = 0; i < Math.min(la.length, lb.length); i++) walk(field.item, la[i], lb[i], join(path, String(i)));
      return;
    }
    if ((typeof a === "string" ? a : "") !== (typeof b === "string" ? b : "")) out.push(path);
  };
  for (const [k, field] of Object.entries(sections)) walk(field, isRecord(before) ? before[k] : undefined, isRecord(after) ? after[k] : undefined, k);
  return out;
}

/** The field a path names (`entries.3.question`), with its labels as the editor sees them. */
export function fieldAt(sections: Readonly<Record<string, Field>>, path: string): { field: Field; labels: string[] } | undefined {
  const parts = path.split(".");
  let fields: Readonly<Record<string, Field>> | undefined = sections;
  let field: Field | undefined;
  const labels: string[] = [];
  for (let i = 0; i < parts.length; i++) {
    const part = parts[i]!;
    if (field?.kind === "list") {
      if (!/^\d+$/.test(part)) return undefined;
      labels.push(`${field.itemLabel} ${Number(part) + 1}`);
      field = field.item;
      fields = field.kind === "group" ? field.fields : undefined;
      continue;
    }
    if (!fields || !Object.hasOwn(fields, part)) return undefined;
    field = fields[part]!;
    labels.push(field.label);
    fields = field.kind === "group" ? field.fields : undefined;
  }
  return field ? { field, labels } : undefined;
}
