import { isRouteErrorResponse, Link, useLocation, useRouteError } from "react-router";
import { AUTH_MESSAGES } from "@shared/content/auth";
import { AUTH_MESSAGES_HI } from "@shared/content/hi/auth";
import { useLocale } from "~/lib/locale";
import { AuthCard } from "./auth-card";
import { StatusBanner } from "./status-banner";

/**
 * What an account page shows when a request could not be completed: the spec's
 * 'Network error. Please try again.' when the server could not be reached,
 * otherwise 'An unexpected error occurred. Please try again.', with a way to
 * try again. (The shell's error screen stays for everything else.)
 */
export function AuthErrorBoundary({ title, titleHi }: { title: string; titleHi: string }) {
  const error = useRouteError();
  const location = useLocation();
  const hindi = useLocale() === "hi";
  const t = hindi ? AUTH_MESSAGES_HI : AUTH_MESSAGES;
  const network = error instanceof TypeError || (error instanceof Error && /fetch|network/i.test(error.message));
  const message = network && !isRouteErrorResponse(error) ? t.network : t.unexpected;
  return (
    <AuthCard title={hindi ? titleHi : title}>
      <StatusBanner tone="error" message={message} />
      <div className="flex justify-center">
        <Link to={`${location.pathname}${location.search}`} reloadDocument className="btn-primary">
          {t.tryAgain}
        </Link>
      </div>
    </AuthCard>
  );
}
