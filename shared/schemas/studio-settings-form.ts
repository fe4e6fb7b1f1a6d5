import { z } from "../zod";
import { SETTINGS_GROUPS, SETTINGS_PAGE } from "../content/studio-settings";
import { SETTING_KEYS, SETTING_RULES, type SettingKey } from "./site-settings";

/** Each setting's label, as the Settings page and its messages name it. */
export const SETTING_LABELS = Object.fromEntries(SETTINGS_GROUPS.flatMap((g) => g.fields.map((f) => [f.key, f.label]))) as Record<SettingKey, string>;

/**
 * One setting as the form sent it, by the configuration's own rules (SETTING_RULES): an empty field clears the
 * owner's value (null: back to the default); a value is kept as typed, trimmed (what the rules accept), so the form
 * shows it back as the owner wrote it; or the message shown next to its field.
 */
export function readSetting(key: SettingKey, raw: unknown): { value: string | null; problem: null } | { value: null; problem: string } {
  const refuse = (problem: string) => ({ value: null, problem: SETTINGS_PAGE.fieldError(SETTING_LABELS[key], problem) });
  if (typeof raw !== "string") return refuse("must be text");
  const text = raw.trim();
  if (text === "") return { value: null, problem: null };
  if (text.length > 2000) return refuse("is too long");
  const parsed = SETTING_RULES[key].safeParse(text);
  return parsed.success ? { value: text, problem: null } : refuse(parsed.error.issues[0]?.message ?? "is not valid");
}

export type SettingsCheck = {
  /** Per key: the text to store, or null to clear (back to the default). Keys not sent are left as they are. */
  values: Partial<Record<SettingKey, string | null>>;
  /** Per key: the message shown next to its field. */
  errors: Partial<Record<SettingKey, string>>;
};

/** What the form sent, every field checked (readSetting); keys not sent are left out. */
export function checkSettings(input: Partial<Record<string, unknown>>): SettingsCheck {
  const values: SettingsCheck["values"] = {};
  const errors: SettingsCheck["errors"] = {};
  for (const key of SETTING_KEYS) {
    if (input[key] === undefined) continue;
    const read = readSetting(key, input[key]);
    if (read.problem === null) values[key] = read.value;
    else errors[key] = read.problem;
  }
  return { values, errors };
}

const setting = (key: SettingKey) =>
  z.unknown().optional().transform((raw, ctx) => {
    if (raw === undefined) return undefined;
    const read = readSetting(key, raw);
    if (read.problem === null) return read.value;
    ctx.addIssue({ code: "custom", message: read.problem });
    return z.NEVER;
  });

/**
 * The Settings page's form, checked in the browser and by the page's action with the rules the settings service
 * saves by (it checks again, and is what refuses): each bad field gets its message at once. Whether a save wants a
 * fresh second factor, and the code typed beside the form, only the server judges.
 */
export const SettingsFormSchema = z.object(Object.fromEntries(SETTING_KEYS.map((key) => [key, setting(key)])) as Record<SettingKey, ReturnType<typeof setting>>);
