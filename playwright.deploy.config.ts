import { defineConfig } from "@playwright/test";
import base from "./playwright.config";

// `npm run test:deploy`: the journeys that post forms, through a real TLS-terminating proxy (tests/deploy/).
// The certificate is self-signed and made at test time, so this run alone ignores certificate errors.
export default defineConfig({
  ...base,
  testDir: "tests/deploy",
  workers: 1,
  use: { ...base.use, ignoreHTTPSErrors: true },
});
