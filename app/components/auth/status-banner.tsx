import { useMessage } from "~/lib/form-messages";

/**
 * The spec's red (error) and green (success) banner. The live region is always
 * in the page so screen readers announce a message when it appears.
 */
export function StatusBanner({ tone, message, detail }: { tone?: "success" | "error"; message?: string; detail?: string }) {
  // The server's and the checks' messages are English; a Hindi page shows their Hindi.
  const say = useMessage();
  return (
    <div aria-live="polite" aria-atomic="true" role="status">
      {message && (
        <div
          className={`mb-5 rounded-md border px-4 py-3 text-sm ${
            tone === "success" ? "border-emerald-300 bg-emerald-50 text-emerald-900" : "border-rose-300 bg-rose-50 text-rose-900"
          }`}
          data-tone={tone}
        >
          <p className="font-semibold">{say(message)}</p>
          {detail && <p className="mt-1">{say(detail)}</p>}
        </div>
      )}
    </div>
  );
}
