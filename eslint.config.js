import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import tseslint from "typescript-eslint";

export default tseslint.config(
  {
    ignores: ["build/**", "build-*/**", ".react-router/**", "node_modules/**", "reports/**", "data/**", "test-results/**", "playwright-report/**"],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ["app/**/*.{ts,tsx}"],
    plugins: { "react-hooks": reactHooks },
    rules: {
      "react-hooks/rules-of-hooks": "error",
      "react-hooks/exhaustive-deps": "warn",
    },
  },
  {
    files: ["**/*.{ts,tsx}"],
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_", caughtErrors: "none" }],
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
      "no-console": ["error", { allow: ["warn", "error"] }],
    },
  },
  {
    files: ["scripts/**", "tests/**", "server/dev.ts"],
    rules: { "no-console": "off" },
  },
  // The directions between layers: services → no web layer; client code → no server code; shared → neither side.
  {
    // Services speak the domain: nothing from the web layer or the frameworks that serve it.
    files: ["server/services/**/*.ts"],
    // Tests may check a service through a door (status, headers), so they are not held to the services' rule.
    ignores: [
      "server/services/**/*.test.ts",
    ],
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              regex: "^(\\.\\./)+(server/)?(http|api)(/|$)",
              message: "Services do not use the web layer (server/http, server/api): throw a ServiceError and let each door map it.",
            },
            {
              group: ["hono", "hono/*", "@hono/*", "react-router", "react-router/*", "@react-router/*"],
              message: "Services do not depend on Hono or React Router: take plain values and return domain results.",
            },
          ],
        },
      ],
    },
  },
  {
    // Client code (what can reach the browser) never imports server code. Route modules and
    // the root may: React Router removes their loaders and actions, and what those import,
    // from the browser's build. Types vanish at build and are allowed.
    files: ["app/**/*.{ts,tsx}"],
    ignores: ["app/**/*.server.{ts,tsx}", "app/routes/**", "app/root.tsx", "app/**/*.test.{ts,tsx}"],
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              regex: "^(\\.{1,2}/)+server(/|$)",
              allowTypeImports: true,
              message: "Client code does not import server/: ask a loader or action (or /api) for the data.",
            },
            {
              regex: "(\\.server(\\.[cm]?[jt]sx?)?$)|(/\\.server/)",
              allowTypeImports: true,
              message: "Client code does not import *.server modules: only route modules' loaders and actions do.",
            },
          ],
        },
      ],
    },
  },
  {
    // The shared place (schemas, copy) imports neither side nor their frameworks.
    files: ["shared/**/*.ts"],
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              regex: "^(\\.\\./)+(app|server)(/|$)",
              message: "shared/ imports neither app/ nor server/: move what both need into shared/.",
            },
            {
              group: ["~", "~/*", "react", "react/*", "react-dom", "react-dom/*", "react-router", "react-router/*", "@react-router/*", "hono", "hono/*", "@hono/*"],
              message: "shared/ depends on no framework and not on app/ (~/).",
            },
          ],
        },
      ],
    },
  },
);
