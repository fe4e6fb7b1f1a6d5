import { test as base, expect, type Page } from "@playwright/test";
import { type BuiltServer, startBuiltServer } from "../helpers/built-server";
import { type CrmServer, startCrmServer } from "../helpers/crm-server";
import { startTestSmtpServer, type TestSmtpServer } from "../helpers/smtp-server";

export { expect };

type WorkerFixtures = {
  /** Extra environment for this file's server (a new server starts when it changes). */
  serverEnv: Record<string, string>;
  server: BuiltServer;
};

type TestFixtures = {
  /**
   * Console errors, page errors and failed requests seen during the test. The
   * test fails if any is left at the end; a test that provokes one on purpose
   * removes it with `allowErrors(pattern)`.
   */
  pageErrors: string[];
  allowErrors: (pattern: RegExp) => void;
};

export const test = base.extend<TestFixtures, WorkerFixtures>({
  /**
   * Pages load their scripts after the first paint, so the load event no
   * longer means "interactive": goto and reload also wait until React has
   * hydrated the page (html[data-hydrated]) when it is one of ours with
   * scripts. With JavaScript off there is nothing to wait for.
   */
  page: async ({ page, javaScriptEnabled }, use) => {
    if (javaScriptEnabled !== false) {
      const hydrated = async <R>(response: Promise<R>, options?: { waitUntil?: string }): Promise<R> => {
        const result = await response;
        if (options?.waitUntil !== "commit") await waitForHydration(page);
        return result;
      };
      const goto = page.goto.bind(page);
      const reload = page.reload.bind(page);
      page.goto = (url, options) => hydrated(goto(url, options), options);
      page.reload = (options) => hydrated(reload(options), options);
    }
    await use(page);
  },
  serverEnv: [{}, { scope: "worker", option: true }],
  server: [
    async ({ serverEnv }, use) => {
      const server = await startBuiltServer(serverEnv);
      await use(server);
      await server.stop();
    },
    { scope: "worker", timeout: 60_000 },
  ],
  baseURL: async ({ server }, use) => {
    await use(server.url);
  },
  pageErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      watch(page, errors);
      await use(errors);
      expect(errors, "console errors or failed requests").toEqual([]);
    },
    { auto: true },
  ],
  allowErrors: async ({ pageErrors }, use) => {
    await use((pattern) => {
      for (let i = pageErrors.length - 1; i >= 0; i--) if (pattern.test(pageErrors[i] ?? "")) pageErrors.splice(i, 1);
    });
  },
});

/** A local CRM, one per worker: `crm.requestsFor(email)` is what reached it. */
// eslint-disable-next-line no-empty-pattern -- Playwright requires the destructuring pattern
async function workerCrm({}: object, use: (crm: CrmServer) => Promise<void>) {
  const crm = await startCrmServer();
  await use(crm);
  await crm.close();
}

/** A local SMTP server, one per worker, that the file's server sends its mail to. */
// eslint-disable-next-line no-empty-pattern -- Playwright requires the destructuring pattern
async function workerSmtp({}: object, use: (smtp: TestSmtpServer) => Promise<void>) {
  const smtp = await startTestSmtpServer();
  await use(smtp);
  await smtp.close();
}

/** The same, with a local CRM that the file's server forwards leads to. */
export const testWithCrm = test.extend<object, { crm: CrmServer }>({
  crm: [workerCrm, { scope: "worker" }],
  serverEnv: [
    async ({ crm }, use) => {
      await use({ CRM_WEB_TO_LEAD_URL: crm.url, CRM_HIDDEN_FIELDS: "oid=00DE2E000000001", LEAD_RATE_LIMIT_PER_HOUR: "50" });
    },
    { scope: "worker" },
  ],
});

/** The same, with a local CRM and a local SMTP server, their addresses in the server's environment with `env`'s variables. */
export function testWithMailAndCrm(env: Record<string, string>) {
  return test.extend<object, { crm: CrmServer; smtp: TestSmtpServer }>({
    crm: [workerCrm, { scope: "worker" }],
    smtp: [workerSmtp, { scope: "worker" }],
    serverEnv: [
      async ({ crm, smtp }, use) => {
        await use({ CRM_WEB_TO_LEAD_URL: crm.url, SMTP_URL: smtp.url, ...env });
      },
      { scope: "worker" },
    ],
  });
}

/** Resolves once React has hydrated the page, or at once for a document without the app's scripts (XML, JSON, a 404 from the API). */
export async function waitForHydration(page: Page): Promise<void> {
  await page.waitForFunction(
    () => document.documentElement.hasAttribute("data-hydrated") || !document.querySelector('script[type="module"]'),
    undefined,
    { timeout: 20_000 },
  );
}

function watch(page: Page, errors: string[]) {
  page.on("console", (msg) => {
    if (msg.type() === "error") errors.push(`console: ${msg.text()}`);
  });
  page.on("pageerror", (error) => errors.push(`pageerror: ${error.message}`));
  page.on("requestfailed", (request) => {
    const failure = request.failure()?.errorText ?? "";
    // A navigation that replaces the page aborts its pending requests: not a fault.
    if (failure.includes("ERR_ABORTED")) return;
    errors.push(`requestfailed: ${request.method()} ${request.url()} ${failure}`);
  });
}

/**
 * Installs Playwright's fake clock paused, so timers move only when the test
 * says (`page.clock.runFor(ms)`). Call before the first navigation.
 */
export async function pausedClock(page: Page, start = new Date("2026-01-15T10:00:00Z")): Promise<void> {
  await page.clock.install({ time: start });
  await page.clock.pauseAt(new Date(start.getTime() + 1000));
}
