import type { FormEvent } from "react";
import { useEffect, useRef, useState } from "react";
import { useNavigation } from "react-router";
import { focusFirstInvalid, refuseSubmit } from "~/components/auth/fields";
import type { Banner } from "~/lib/auth.server";

/** What an account form's action answers, as far as the form needs it: messages per field, a banner. */
type Answer<E> = { errors?: E; banner?: Banner | null } | undefined;

/**
 * The state every account form keeps (sign-in, sign-up, reset, forgot): the form, whether it is being sent, the
 * field messages (the browser's own check first, else the server's answer), the banner (none while the browser's
 * check refuses), and focus on the first invalid field when the server refused (`refused`). `refuse` and `accept` are
 * for the submit handler, after it checked the form against the same zod schema the action uses.
 */
export function useAccountForm<E extends Record<string, string | undefined>>(answer: Answer<E>, options: { fallbackBanner?: Banner | null; refused?: boolean } = {}) {
  const navigation = useNavigation();
  const formRef = useRef<HTMLFormElement>(null);
  const [clientErrors, setClientErrors] = useState<E | null>(null);
  const refused = options.refused ?? false;
  useEffect(() => {
    if (refused) focusFirstInvalid(formRef.current);
  }, [answer, refused]);
  return {
    formRef,
    busy: navigation.state === "submitting" && navigation.formMethod?.toUpperCase() === "POST",
    errors: clientErrors ?? answer?.errors ?? ({} as E),
    banner: clientErrors ? null : (answer?.banner ?? options.fallbackBanner ?? null),
    refuse: (event: FormEvent<HTMLFormElement>, errors: E) => refuseSubmit(event, errors, setClientErrors, formRef.current),
    accept: () => setClientErrors(null),
  };
}
