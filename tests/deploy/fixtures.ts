/**
 * The deployment shape for the browser: the production build behind a real TLS-terminating reverse proxy
 * (nginx by default, WP_PROXY=caddy for Caddy), PUBLIC_URL=https://127.0.0.1:<proxy port>, TRUST_PROXY=true.
 * Pages are opened at the proxy's https:// URL. The e2e fixtures (hydration wait, console-error watch)
 * are reused; only the server behind them changes.
 */
import { type BuiltServer, freePort, startBuiltServer } from "../helpers/built-server";
import { type LlmServer, startLlmServer } from "../helpers/llm-server";
import { proxyKindFromEnv, type ReverseProxy, startReverseProxy } from "../helpers/reverse-proxy";
import { expect, test as base } from "../e2e/fixtures";

export { expect };

export const LLM_KEY = "sk-test-deploy-0a1b2c3d4e5f";

export const test = base.extend<object, { proxyPort: number; reverseProxy: ReverseProxy; llm: LlmServer }>({
  // The proxy's port is chosen first: the site must know its public URL when it starts.
  // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from this pattern.
  proxyPort: [async ({}, use) => use(await freePort()), { scope: "worker" }],
  llm: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from this pattern.
    async ({}, use) => {
      const llm = await startLlmServer();
      await use(llm);
      await llm.close();
    },
    { scope: "worker" },
  ],
  reverseProxy: [
    async ({ server, proxyPort }, use) => {
      const proxy = await startReverseProxy({ kind: proxyKindFromEnv(), upstreams: [server.url], port: proxyPort });
      await use(proxy);
      await proxy.stop();
    },
    { scope: "worker", timeout: 30_000 },
  ],
  server: [
    async ({ serverEnv, llm, proxyPort }, use) => {
      const server: BuiltServer = await startBuiltServer({
        PUBLIC_URL: `https://127.0.0.1:${proxyPort}`,
        TRUST_PROXY: "true",
        LLM_API_KEY: LLM_KEY,
        LLM_BASE_URL: llm.url,
        LEAD_RATE_LIMIT_PER_HOUR: "100",
        ...serverEnv,
      });
      await use(server);
      await server.stop();
    },
    { scope: "worker", timeout: 60_000 },
  ],
  baseURL: async ({ reverseProxy }, use) => {
    await use(reverseProxy.url);
  },
});
