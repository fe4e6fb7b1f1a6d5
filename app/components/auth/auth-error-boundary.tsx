import { hindiNow, hindiWords, type WordsOf } from "~/lib/hindi-words";
import { isRouteErrorResponse, Link, useLocation, useRouteError } from "react-router";
import { AUTH_MESSAGES } from "@shared/content/auth";
import { useLocale } from "~/lib/locale";
import { AuthCard } from "./auth-card";
import { StatusBanner } from "./status-banner";

const HINDI_FORMS = hindiWords("forms", () => import("~/lib/hindi/forms"));
/** The Hindi of the account pages (shared/content/hi/auth.ts), from which a page picks its title. */
export type HindiAuth = WordsOf<typeof HINDI_FORMS>;

/**
 * What an account page shows when a request could not be completed: the spec's
 * 'Network error. Please try again.' when the server could not be reached,
 * otherwise 'An unexpected error occurred. Please try again.', with a way to
 * try again. (The shell's error screen stays for everything else.)
 */
export function AuthErrorBoundary({ title, titleHi }: { title: string; titleHi: (hi: HindiAuth) => string }) {
  const error = useRouteError();
  const location = useLocation();
  const hindi = useLocale() === "hi";
  const hi = hindi ? hindiNow(HINDI_FORMS) : null;
  const t = hi ? hi.AUTH_MESSAGES_HI : AUTH_MESSAGES;
  const network = error instanceof TypeError || (error instanceof Error && /fetch|network/i.test(error.message));
  const message = network && !isRouteErrorResponse(error) ? t.network : t.unexpected;
  return (
    <AuthCard title={hi ? titleHi(hi) : title}>
      <StatusBanner tone="error" message={message} />
      <div className="flex justify-center">
        <Link to={`${location.pathname}${location.search}`} reloadDocument className="btn-primary">
          {t.tryAgain}
        </Link>
      </div>
    </AuthCard>
  );
}
