import type { SignUpStep1Schema, SignUpStep2Schema } from "@shared/schemas/auth";

/**
 * The sign-up form's values, read from its fields, and its two steps' checks by the schemas given: the action's, or
 * the ones the page fetches when the form is first used (authChecks), so zod stays out of the page's first bundle.
 */

export type Values = {
  firstName: string;
  lastName: string;
  email: string;
  password: string;
  company: string;
  role: string;
  industry: string;
  terms: boolean;
};

export function readValues(form: FormData): Values {
  const text = (name: string, max = 300) => String(form.get(name) ?? "").slice(0, max);
  return {
    firstName: text("firstName"),
    lastName: text("lastName"),
    email: text("email"),
    password: text("password", 200),
    company: text("company"),
    role: text("role"),
    industry: text("industry"),
    terms: form.get("terms") === "on",
  };
}

export type StepSchemas = { SignUpStep1Schema: typeof SignUpStep1Schema; SignUpStep2Schema: typeof SignUpStep2Schema };

export function checkStep1(schemas: StepSchemas, values: Values) {
  return schemas.SignUpStep1Schema.safeParse(values);
}
export function checkStep2(schemas: StepSchemas, values: Values) {
  return schemas.SignUpStep2Schema.safeParse({ ...values, terms: values.terms ? "on" : undefined });
}
