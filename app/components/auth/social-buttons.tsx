import { PROVIDERS, type ProviderId } from "@shared/content/auth";
import { useSite } from "~/lib/site-context";
import { useLocale } from "~/lib/locale";
import { localePath } from "@shared/i18n";

function Logo({ provider }: { provider: ProviderId }) {
  if (provider === "google") {
    return (
      <svg viewBox="0 0 24 24" className="h-5 w-5" aria-hidden="true">
        <path fill="#4285F4" d="M22.5 12.3c0-.8-.1-1.5-.2-2.3H12v4.4h5.9a5 5 0 0 1-2.2 3.3v2.7h3.6c2.1-1.9 3.2-4.8 3.2-8.1Z" />
        <path fill="#34A853" d="M12 23c3 0 5.5-1 7.3-2.7l-3.6-2.7c-1 .7-2.2 1.1-3.7 1.1-2.9 0-5.3-1.9-6.2-4.6H2.1v2.8A11 11 0 0 0 12 23Z" />
        <path fill="#FBBC05" d="M5.8 14.1a6.6 6.6 0 0 1 0-4.2V7.1H2.1a11 11 0 0 0 0 9.8l3.7-2.8Z" />
        <path fill="#EA4335" d="M12 5.4c1.6 0 3.1.6 4.2 1.7l3.2-3.2A11 11 0 0 0 2.1 7.1l3.7 2.8C6.7 7.3 9.1 5.4 12 5.4Z" />
      </svg>
    );
  }
  return (
    <svg viewBox="0 0 24 24" className="h-5 w-5" aria-hidden="true">
      <path fill="#F25022" d="M2 2h9.5v9.5H2z" />
      <path fill="#7FBA00" d="M12.5 2H22v9.5h-9.5z" />
      <path fill="#00A4EF" d="M2 12.5h9.5V22H2z" />
      <path fill="#FFB900" d="M12.5 12.5H22V22h-9.5z" />
    </svg>
  );
}

/**
 * Google and Microsoft under 'Or continue with' / 'Or sign up with'. Plain
 * links to the start of the OpenID Connect flow (they work without
 * JavaScript). Only the providers whose credentials the server has are shown
 * (the root loader tells which); with none, nothing is, heading included.
 */
export function SocialButtons({ heading, mode, redirectTo }: { heading: string; mode: "sign-in" | "sign-up"; redirectTo: string }) {
  const site = useSite();
  const locale = useLocale();
  const providers = (Object.keys(PROVIDERS) as ProviderId[]).filter((provider) => site?.auth[provider] ?? false);
  if (providers.length === 0) return null;
  return (
    <div className="mt-6" data-testid="social-sign-in">
      <div className="flex items-center gap-3">
        <span className="h-px flex-1 bg-slate-200" aria-hidden="true" />
        <h2 className="text-sm font-medium text-slate-700">{heading}</h2>
        <span className="h-px flex-1 bg-slate-200" aria-hidden="true" />
      </div>
      <ul className={`mt-4 grid gap-3 ${providers.length > 1 ? "sm:grid-cols-2" : ""}`}>
        {providers.map((provider) => {
          const label = PROVIDERS[provider];
          const params = new URLSearchParams({ mode });
          // A Hindi page always names its page to come back to (a /hi one): the flow then ends on the Hindi pages.
          if (locale !== "en") params.set("redirectTo", localePath(redirectTo, locale));
          else if (redirectTo !== "/templates") params.set("redirectTo", redirectTo);
          return (
            <li key={provider}>
              <a href={`/api/auth/${provider}/start?${params}`} className="btn-ghost w-full justify-center" data-provider={provider}>
                <Logo provider={provider} />
                {label}
              </a>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
