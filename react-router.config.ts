import type { Config } from "@react-router/dev/config";

// The build directory can be moved (WP_BUILD_DIR) so that parallel test runs
// never overwrite each other's build.
export default {
  ssr: true,
  buildDirectory: process.env.WP_BUILD_DIR ?? "build",
  // React Router v8's behaviours, each decided (an unset flag printed a warning on every build and dev start):
  // decision 0043 says why each stays off for now and what adopting it takes.
  future: {
    // Loaders and actions read `context.deps`, `context.clientIp`… from the load context server/app.ts passes;
    // with middleware the context becomes a RouterContextProvider: every loader and the host change together.
    v8_middleware: false,
    // Splits each route module's client exports into chunks: more requests per page, against the budgets of
    // decision 0008 (7 modules on the home page) and the byte tests (tests/e2e/english-scripts, hindi-bytes).
    v8_splitRouteModules: false,
    // Builds through Vite's environment API: the build's layout and chunking inputs move (vite.config.ts's
    // codeSplitting groups, scripts/postbuild.ts's bundling of build/server), to be redone and re-measured together.
    v8_viteEnvironmentApi: false,
    // The request loaders see and the URLs of data requests change: loaders read the page's language and path from
    // request.url (requestLocale, the response cache's keys), to be checked against the new shapes first.
    v8_passThroughRequests: false,
    v8_trailingSlashAwareDataRequests: false,
  },
} satisfies Config;
