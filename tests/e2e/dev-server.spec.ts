import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { HEADER } from "../../shared/content/site";
import { serverPort } from "../helpers/built-server";

/**
 * `npm run dev` (issue 40): the page hydrates (no page error, a control that needs React works) and an edit to a
 * component reaches the open page as a hot update, without a reload.
 *
 * The dev server runs in a copy of the sources (app, server, shared, public and the configs) under data/ (ignored
 * by git), so the edit never touches the checkout, nor a build or another watcher reading it. The copy sits inside
 * the checkout and reaches its node_modules through a link, so Vite serves the same files from the same allowed
 * folder as in the checkout itself. Logs and the database stay outside the copy: Vite watches it.
 */
const ROOT = process.cwd();
const COPIED = ["app", "server", "shared", "public", "tsconfig.json", "vite.config.ts", "react-router.config.ts"];
const FOOTER = "app/components/shell/footer.tsx";
// The footer's opening tag, whatever its classes: the edit goes right after it.
const FOOTER_OPEN = /<footer className="[^"]*">/;

test.describe.configure({ timeout: 600_000 });

test("npm run dev hydrates the page and applies an edit without a reload", async ({ browser }) => {
  // What `npm run dev` runs: the test starts the same command in the copy (npm would run it in the checkout).
  const devScript = (JSON.parse(fs.readFileSync(path.join(ROOT, "package.json"), "utf8")) as { scripts: Record<string, string> }).scripts.dev;
  expect(devScript).toBe("tsx server/dev.ts");
  expect(fs.readFileSync(path.join(ROOT, FOOTER), "utf8")).toMatch(FOOTER_OPEN);

  fs.mkdirSync(path.join(ROOT, "data"), { recursive: true });
  const copy = fs.mkdtempSync(path.join(ROOT, "data", "dev-copy-"));
  const outside = fs.mkdtempSync(path.join(os.tmpdir(), "wp-dev-"));
  let child: ChildProcess | undefined;
  let output = "";
  try {
    for (const entry of COPIED) fs.cpSync(path.join(ROOT, entry), path.join(copy, entry), { recursive: true });
    fs.symlinkSync(path.join(ROOT, "node_modules"), path.join(copy, "node_modules"));

    const port = await serverPort();
    const url = `http://127.0.0.1:${port}`;
    child = spawn(path.join(ROOT, "node_modules", ".bin", "tsx"), ["server/dev.ts"], {
      cwd: copy,
      // Its own process group: tsx runs the server in a child process, and both are stopped together.
      detached: true,
      stdio: ["ignore", "pipe", "pipe"],
      env: {
        PATH: process.env.PATH,
        HOME: process.env.HOME,
        HOST: "127.0.0.1",
        PORT: String(port),
        PUBLIC_URL: url,
        DATABASE_URL: path.join(outside, "site.db"),
        MAIL_DIR: path.join(outside, "mail"),
        LOG_LEVEL: "warn",
      },
    });
    child.stdout?.on("data", (d: Buffer) => (output += d.toString()));
    child.stderr?.on("data", (d: Buffer) => (output += d.toString()));
    await expect.poll(() => (child?.exitCode === null ? output.includes(`on ${url}`) : `exited: ${output}`), { timeout: 120_000 }).toBe(true);

    const context = await browser.newContext({ viewport: { width: 375, height: 740 } });
    const page = await context.newPage();
    const problems: string[] = [];
    page.on("pageerror", (error) => problems.push(`pageerror: ${error.message}`));
    page.on("console", (message) => {
      if (message.type() === "error") problems.push(`console: ${message.text()}`);
    });
    page.on("requestfailed", (request) => problems.push(`failed: ${request.url()}`));
    page.on("response", (response) => {
      if (response.status() >= 400) problems.push(`${response.status()}: ${response.url()}`);
    });

    // The first visit transforms every module on demand (slow on a loaded machine), and Vite reloads the page
    // itself when it finds a dependency its start-up scan missed: the test works on a second, settled visit.
    const hydrated = async () => {
      await page.goto(url, { waitUntil: "domcontentloaded", timeout: 180_000 });
      await page.waitForFunction(() => document.documentElement.hasAttribute("data-hydrated"), undefined, { timeout: 180_000 });
    };
    await hydrated();
    await page.waitForLoadState("load", { timeout: 180_000 });
    await hydrated();
    const settledAt = output.length;
    // The phone menu opens only through React's handler.
    await page.getByRole("button", { name: HEADER.openMenu }).click();
    await expect(page.getByRole("navigation", { name: HEADER.primaryNav })).toBeVisible();

    await page.evaluate(() => ((window as unknown as { notReloaded: boolean }).notReloaded = true));
    const footer = path.join(copy, FOOTER);
    fs.writeFileSync(footer, fs.readFileSync(footer, "utf8").replace(FOOTER_OPEN, (open) => `${open}<p data-testid="hot-update">Edited while running</p>`));
    await expect(page.getByTestId("hot-update")).toHaveText("Edited while running", { timeout: 60_000 });
    // The same document, and the menu opened before the edit is still open: a hot update, not a reload.
    expect(await page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(true);
    await expect(page.getByRole("navigation", { name: HEADER.primaryNav })).toBeVisible();
    expect(output.slice(settledAt)).toMatch(/hmr update \/app\/components\/shell\/footer\.tsx/);
    // "(ssr) page reload" is the server's module graph; the browser's would be "(client) page reload".
    expect(output.slice(settledAt)).not.toMatch(/\(client\) page reload|optimized dependencies changed/);

    expect(problems).toEqual([]);
    await context.close();
  } finally {
    if (child?.pid && child.exitCode === null) {
      const exited = new Promise((resolve) => child?.once("exit", resolve));
      process.kill(-child.pid, "SIGTERM");
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 10_000))]);
      if (child.exitCode === null) process.kill(-child.pid, "SIGKILL");
    }
    fs.rmSync(copy, { recursive: true, force: true });
    fs.rmSync(outside, { recursive: true, force: true });
  }
});
