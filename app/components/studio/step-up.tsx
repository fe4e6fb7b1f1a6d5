import { useEffect, useRef } from "react";
import { STUDIO_MESSAGES } from "@shared/content/studio";
import { SECOND_FACTOR_PAGE } from "@shared/content/studio-access";
import { Field, Notice } from "./ui";

/**
 * The step-up prompt (issue 26, item 12): shown inside the form whose action asked for a fresh code, so the person
 * types the code and sends the same form again, with everything they had filled in still there.
 */
export function StepUpField({ show, error }: { show: boolean | undefined; error?: string | null }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (show) ref.current?.querySelector<HTMLInputElement>('input[name="stepUpCode"]')?.focus();
  }, [show, error]);
  if (!show) return null;
  return (
    <div ref={ref} className="w-full">
      <Notice tone="warning">{STUDIO_MESSAGES.stepUp}</Notice>
      <Field
        label={SECOND_FACTOR_PAGE.codeLabel}
        name="stepUpCode"
        autoComplete="one-time-code"
        autoCapitalize="off"
        spellCheck={false}
        required
        maxLength={40}
        hint={SECOND_FACTOR_PAGE.codeHint}
        error={error ?? undefined}
      />
    </div>
  );
}
