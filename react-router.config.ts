import type { Config } from "@react-router/dev/config";

// The build directory can be moved (WP_BUILD_DIR) so that parallel test runs
// never overwrite each other's build.
export default {
  ssr: true,
  buildDirectory: process.env.WP_BUILD_DIR ?? "build",
} satisfies Config;
