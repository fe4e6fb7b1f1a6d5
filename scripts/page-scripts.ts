/**
 * `tsx scripts/page-scripts.ts [paths…]`: the JavaScript a first visit to each page downloads (transfer bytes:
 * headers and the brotli body, as Lighthouse's "JS KB" and tests/helpers/first-visit-bytes.ts count them), per
 * file, in the system Chromium at a phone's size with an empty cache. Uses the build in $WP_BUILD_DIR (default
 * build-e2e), a temporary database with the sample posts, and PORT when given (else a free loopback port).
 * RUNS=N measures each page N times and prints the median. Default pages: / /contact /blogs /hi /hi/contact.
 */
import { chromium } from "playwright-core";
import { measureFirstVisit } from "../tests/helpers/first-visit-bytes";
import { startBuiltServer } from "../tests/helpers/built-server";
import { ensureChromium } from "./chromium";

const pages = process.argv.slice(2).length > 0 ? process.argv.slice(2) : ["/", "/contact", "/blogs", "/hi", "/hi/contact"];
const runs = Math.max(1, Number(process.env.RUNS ?? 3) || 3);
const kb = (bytes: number) => (bytes / 1024).toFixed(1);
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

const server = await startBuiltServer(process.env.PORT ? { PORT: process.env.PORT } : {});
const browser = await chromium.launch({
  executablePath: ensureChromium(),
  args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run"],
});
try {
  await fetch(`${server.url}/api/blogs/seed`, { method: "POST", headers: { origin: server.url } });
  for (const page of pages) {
    const visits = [];
    for (let i = 0; i < runs; i++) visits.push(await measureFirstVisit(browser, `${server.url}${page}`));
    const last = visits[visits.length - 1]!;
    const files = last.requests
      .filter((r) => r.kind === "script")
      .map((r) => `    ${kb(r.bytes).padStart(6)}  ${new URL(r.url).pathname}`)
      .join("\n");
    console.log(`${page.padEnd(12)} JS ${kb(median(visits.map((v) => v.script)))} KB  total ${kb(median(visits.map((v) => v.total)))} KB  (${runs} runs, median)\n${files}`);
  }
} finally {
  await browser.close();
  await server.stop();
}
