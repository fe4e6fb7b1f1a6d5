import { type FormEvent, type RefObject, useEffect, useRef, useState } from "react";
import type { z } from "zod";

/** A form's messages, one per field (the first its schema found), keyed by the field's name. */
export type FieldMessages = Record<string, string>;

/** A posted form's values as its schema reads them: each name once, as text (files are not for these forms). */
export function formValues(form: FormData): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [name, value] of form) if (typeof value === "string") values[name] = value;
  return values;
}

/**
 * A form's values checked by its zod schema: the parsed values, or the first message per field. The action calls it
 * on the posted form and the browser on the form about to be sent, with the same schema, so both say the same words.
 */
export function checkForm<S extends z.ZodType>(schema: S, values: unknown): { data: z.output<S>; errors: null } | { data: null; errors: FieldMessages } {
  const parsed = schema.safeParse(values);
  if (parsed.success) return { data: parsed.data, errors: null };
  const errors: FieldMessages = {};
  for (const issue of parsed.error.issues) errors[String(issue.path[0] ?? "form")] ??= issue.message;
  return { data: null, errors };
}

/** The first field a refusal marked, once its message is drawn. */
function focusFirstRefused(formRef: RefObject<HTMLFormElement | null>): void {
  requestAnimationFrame(() => formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
}

/**
 * The browser's half of a form checked by a schema: on submit the form's fields are checked first; a refusal sends
 * nothing, shows each message next to its field and focuses the first field refused. Fields stay uncontrolled, so
 * nothing typed is lost. `answered` is the action's messages (a form posted without JavaScript, or refused by the
 * server for what only it knows), the action's own object (not one made at each render); they show in the same
 * place and focus the first field they name; a field's message goes once the field is changed.
 */
export function useSchemaForm<S extends z.ZodType>(schema: S, answered: Partial<FieldMessages> | undefined) {
  const formRef = useRef<HTMLFormElement>(null);
  const [errors, setErrors] = useState<Partial<FieldMessages>>(answered ?? {});
  // A new answer from the action replaces what the browser said, even one with the same words as the last (the
  // owner cleared the message by typing, then sent what the server refuses again): `answered` is the action's own
  // object, new with each answer, so the effect runs once per answer. A refusal focuses its first field, as the
  // browser's does.
  useEffect(() => {
    setErrors(answered ?? {});
    if (answered && Object.keys(answered).length > 0) focusFirstRefused(formRef);
  }, [answered]);
  return {
    formRef,
    errors,
    onSubmit(event: FormEvent<HTMLFormElement>) {
      const checked = checkForm(schema, formValues(new FormData(event.currentTarget)));
      setErrors(checked.errors ?? {});
      if (!checked.errors) return;
      event.preventDefault();
      focusFirstRefused(formRef);
    },
    onInput(event: FormEvent<HTMLFormElement>) {
      const name = (event.target as HTMLInputElement).name;
      if (name && errors[name]) setErrors(({ [name]: _gone, ...rest }) => rest);
    },
  };
}
