import js from "@eslint/js";
import { createNodeResolver, importX } from "eslint-plugin-import-x";
import reactHooks from "eslint-plugin-react-hooks";
import tseslint from "typescript-eslint";

// The import rules resolve every import to a file, the way TypeScript does (relative, `~/` and `@shared/` through
// tsconfig.json's paths, absolute), so a direction holds whatever form of path an import is written in.
const importSettings = {
  "import-x/extensions": [".ts", ".tsx", ".js", ".mjs"],
  "import-x/parsers": { "@typescript-eslint/parser": [".ts", ".tsx"] },
  "import-x/resolver-next": [createNodeResolver({ extensions: [".ts", ".tsx", ".js", ".mjs", ".json"], tsconfig: { configFile: "tsconfig.json" } })],
};

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
    // The server never reaches into the web app's source, by whatever path (relative, `~/`, absolute): React Router
    // hands the server its build, and what both need lives in shared/.
    files: ["server/**/*.ts"],
    plugins: { "import-x": importX },
    settings: importSettings,
    rules: {
      "import-x/no-restricted-paths": [
        "error",
        { zones: [{ target: "./server", from: "./app", message: "server/ never imports app/: move what both need into shared/ (or a service)." }] },
      ],
    },
  },
  {
    // Services speak the domain: nothing from the web layer or the frameworks that serve it.
    files: ["server/services/**/*.ts"],
    // Tests may check a service through a door (status, headers), so they are not held to the services' rule. This block
    // comes after the server's: for a service its zones replace the server's, so they repeat "never app/".
    ignores: [
      "server/services/**/*.test.ts",
    ],
    plugins: { "import-x": importX },
    settings: importSettings,
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: ["hono", "hono/*", "@hono/*", "react-router", "react-router/*", "@react-router/*"],
              message: "Services do not depend on Hono or React Router: take plain values and return domain results.",
            },
          ],
        },
      ],
      "import-x/no-restricted-paths": [
        "error",
        {
          zones: [
            {
              target: "./server/services",
              from: "./server",
              except: ["./services", "./db", "./context.ts", "./config.ts", "./env-schema.ts"],
              message: "Services import only services, server/db, server/context, server/config and shared/: throw a ServiceError and let each door (server/api, server/pages, app/) map it.",
            },
            {
              target: "./server/services",
              from: "./app",
              message: "Services never import app/: what both need belongs in shared/ or in a service.",
            },
          ],
        },
      ],
    },
  },
  {
    // No import cycles anywhere in the product: each module stands above what it imports. (ESLint's rule reads a
    // type-only import as no edge; scripts/house-rules.ts, run by `npm run lint` after ESLint, counts those too.)
    files: ["server/**/*.ts", "shared/**/*.ts", "app/**/*.{ts,tsx}"],
    plugins: { "import-x": importX },
    settings: importSettings,
    rules: {
      "import-x/no-cycle": ["error", { ignoreExternal: true }],
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
              regex: "^(~|@shared)/(.*/)?\\.\\./",
              message: "An alias path never climbs out of its folder (`~/../server/…`): import what you need by its own alias.",
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
    plugins: { "import-x": importX },
    settings: importSettings,
    rules: {
      "import-x/no-restricted-paths": [
        "error",
        { zones: [{ target: "./shared", from: ["./app", "./server"], message: "shared/ imports neither app/ nor server/: move what both need into shared/." }] },
      ],
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
