import { hindiWords, useText } from "~/lib/hindi-words";
import { Form, Link } from "react-router";
import { HEADER_ACCOUNT } from "@shared/content/header-account";
import { LocaleLink, useLocalePath } from "~/lib/locale";
import { setSessionUser, useSessionUser } from "~/lib/session-user";

const HINDI_SHELL = hindiWords("shell", () => import("~/lib/hindi/shell"));

/**
 * The header's account corner: 'Sign In' for visitors; the signed-in user's
 * name (to /templates) and Sign Out for members, and a link to the studio for staff. Decided in the browser after
 * hydration (GET /api/auth/session says whether the account is staff), so shared pages stay the same for everyone.
 */
export function HeaderAccount({
  signInLabel,
  mobile = false,
  onNavigate,
}: {
  signInLabel: string;
  mobile?: boolean;
  onNavigate?: () => void;
}) {
  const user = useSessionUser();
  const t = useText(HEADER_ACCOUNT, HINDI_SHELL, (hi) => hi.HEADER_ACCOUNT_HI);
  const inLanguage = useLocalePath();
  const center = mobile ? " justify-center" : "";
  if (!user) {
    return (
      <LocaleLink to="/sign-in" className={`btn-ghost${center}`} onClick={onNavigate}>
        {signInLabel}
      </LocaleLink>
    );
  }
  return (
    <div className={mobile ? "flex flex-col gap-2" : "flex items-center gap-2"}>
      {user.studio ? (
        // A full page load: the studio has its own frame and stylesheet (reloadDocument).
        <Link to="/studio" reloadDocument className={`btn-ghost${center}`} onClick={onNavigate}>
          {t.studio}
        </Link>
      ) : null}
      <LocaleLink
        to="/templates"
        className={`inline-flex min-h-11 max-w-48 items-center gap-2 rounded-md px-2 text-sm font-semibold text-emerald-800 hover:bg-emerald-50${center}`}
        title={t.signedInAs(user.name)}
        onClick={onNavigate}
      >
        <span aria-hidden="true" className="flex h-7 w-7 shrink-0 items-center justify-center rounded-full bg-emerald-700 text-xs font-bold text-white">
          {user.name.trim().charAt(0).toUpperCase() || "?"}
        </span>
        <span className="sr-only">{t.signedInAs("")}</span>
        {/* From lg to xl the full bar is tight: the initial alone shows, the name is still read out. */}
        <span className={mobile ? "truncate" : "truncate lg:max-xl:sr-only"}>
          {user.name}
        </span>
      </LocaleLink>
      <Form
        method="post"
        action={inLanguage("/sign-out")}
        onSubmit={() => {
          setSessionUser(null);
          onNavigate?.();
        }}
      >
        <button type="submit" className={`btn-ghost w-full${center}`}>
          {t.signOut}
        </button>
      </Form>
    </div>
  );
}
