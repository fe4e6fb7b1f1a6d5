import fs from "node:fs";
import path from "node:path";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

// The prerendered pages carry the site configuration: read .env (real environment variables win) as the server does
// (server/env-file.ts; not imported here, Vite loads its config apart).
if (fs.existsSync(".env")) process.loadEnvFile(".env");

/**
 * Modules every page loads (the framework, and what the root layout imports):
 * kept in two chunks instead of ~12 small ones, so the home page asks for 7
 * modules instead of 17 (each costs a request and, after the first paint, a
 * little main-thread time to set up; see docs/decisions/0008-hydrate-after-paint.md).
 * Only modules already on every page belong here, or pages would grow.
 */
const FRAMEWORK = /node_modules\/(react|react-dom|react-router|scheduler|cookie|set-cookie-parser)\//;
const SHELL = new RegExp(
  [
    // Not the content index: it re-exports every page's copy. Shell modules import these files directly.
    "/shared/content/(site|seo|header-account)\\.ts$",
    "/app/components/shell/",
    "/app/lib/(hindi-words|site-context|use-adopt-typed|use-rotation|newsletter-client|footer-newsletter|session-user|toast|nonce|seo|splash-script|inline-css)\\.tsx?$",
    "/app/components/auth/header-account\\.tsx$",
    "/app/routes/not-found\\.tsx$",
    "vite/preload-helper",
  ].join("|"),
);

/** The Hindi every Hindi page's frame shows (app/lib/hindi/shell.ts and the modules it names). */
const HINDI_SHELL = /\/app\/lib\/hindi\/shell\.ts$|\/shared\/content\/hi\/(site|footer-newsletter|header-account|seo)\.ts$/;

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [tailwindcss(), reactRouter()],
  resolve: { alias: { "~": path.resolve(import.meta.dirname, "app"), "@shared": path.resolve(import.meta.dirname, "shared") } },
  // Development: dependencies the start-up scan misses (imported only below other modules) are bundled at once,
  // or the first visit after a start found them late and Vite reloaded the page.
  optimizeDeps: { include: ["zod", "sonner"] },
  build: {
    assetsInlineLimit: 0,
    rolldownOptions: {
      /**
       * The check that a dynamic import splits something stays on for the browser's build, where a split that does
       * nothing costs visitors bytes (it finds none today). The server's bundle loads every Hindi module at start
       * (app/entry.server.tsx provides them all) and its actions import the form schemas that app/lib/form-checks.ts
       * fetches lazily in the browser: there a dynamic import cannot split anything, by design, and the 8 warnings
       * of every build said nothing to act on (issue 40, decision 0043).
       */
      checks: { ineffectiveDynamicImport: !isSsrBuild },
      output: {
        codeSplitting: {
          groups: [
            { name: "framework", test: FRAMEWORK, priority: 2 },
            { name: "shell", test: SHELL, priority: 1 },
            // The Hindi of every Hindi page's frame, fetched by Hindi pages only (decision 0036), in one file.
            { name: "hindi-shell", test: HINDI_SHELL, priority: 1 },
          ],
        },
      },
    },
  },
}));
