import type { ReactNode } from "react";
import { Form } from "react-router";
import { ORDER_RULES } from "@shared/content/studio-orders";
import { OrderMessageSchema, OrderNoteSchema } from "@shared/schemas/studio-orders";
import { type FieldMessages, useSchemaForm } from "~/lib/schema-form";
import { Field } from "./ui";

const SCHEMAS = { note: OrderNoteSchema, message: OrderMessageSchema } as const;

/**
 * What the team writes on an order: an internal note, or a message to the customer. One text field named as its
 * intent, checked in the browser by the schema the page's action checks it with; what was typed comes back after a
 * refusal (`typed`). `children`: the form's buttons (and the message's "ask as a question").
 */
export function OrderWriteForm({
  intent,
  label,
  rows,
  typed,
  answered,
  children,
}: {
  intent: keyof typeof SCHEMAS;
  label: string;
  rows: number;
  typed: string | undefined;
  answered: FieldMessages | undefined;
  children: ReactNode;
}) {
  const form = useSchemaForm(SCHEMAS[intent], answered);
  return (
    <Form method="post" ref={form.formRef} noValidate onSubmit={form.onSubmit} onInput={form.onInput} className="mt-4 flex flex-col gap-3">
      <input type="hidden" name="intent" value={intent} />
      <Field label={label} name={intent} multiline rows={rows} maxLength={ORDER_RULES.messageMax} defaultValue={typed ?? ""} error={form.errors[intent]} />
      {children}
    </Form>
  );
}
