import type { Browser } from "playwright-core";

/** What a first visit to a page transferred, by kind (bytes on the wire: headers and the encoded body). */
export type FirstVisitBytes = {
  url: string;
  document: number;
  css: number;
  script: number;
  font: number;
  image: number;
  other: number;
  total: number;
  /** The page's cumulative layout shift until it settled (fonts swapped in, scripts ran). */
  cls: number;
  /** Every response, for a report that explains a total. */
  requests: { url: string; kind: Kind; bytes: number }[];
};

type Kind = "document" | "css" | "script" | "font" | "image" | "other";

function kindOf(resourceType: string, url: string): Kind {
  if (resourceType === "document") return "document";
  if (resourceType === "stylesheet") return "css";
  if (resourceType === "script") return "script";
  if (resourceType === "font" || /\.woff2?(\?|$)/.test(url)) return "font";
  if (resourceType === "image") return "image";
  return "other";
}

/**
 * Opens `url` in a fresh browser context (empty cache, a phone's viewport), waits until the page is loaded,
 * hydrated and its fonts are settled, and adds up the transfer sizes of everything it fetched. The splash is
 * marked as seen so the measure is the page itself.
 */
export async function measureFirstVisit(
  browser: Browser,
  url: string,
  { viewport = { width: 375, height: 812 } }: { viewport?: { width: number; height: number } } = {},
): Promise<FirstVisitBytes> {
  const context = await browser.newContext({ viewport });
  await context.addInitScript(() => {
    window.sessionStorage.setItem("hasSeenSplash", "true");
    (window as unknown as { __layoutShift: number }).__layoutShift = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
        if (!entry.hadRecentInput) (window as unknown as { __layoutShift: number }).__layoutShift += entry.value;
      }
    }).observe({ type: "layout-shift", buffered: true });
  });
  const page = await context.newPage();
  const pending: Promise<{ url: string; kind: Kind; bytes: number }>[] = [];
  page.on("requestfinished", (request) => {
    pending.push(
      request.sizes().then((sizes) => ({
        url: request.url(),
        kind: kindOf(request.resourceType(), request.url()),
        bytes: sizes.responseHeadersSize + sizes.responseBodySize,
      })),
    );
  });
  try {
    await page.goto(url, { waitUntil: "load" });
    await page.waitForFunction(
      () => document.documentElement.hasAttribute("data-hydrated") || !document.querySelector('script[type="module"]'),
      undefined,
      { timeout: 20_000 },
    );
    await page.evaluate(() => document.fonts.ready.then(() => undefined));
    // Anything the hydrated page asks for at once (a lazily loaded chunk) belongs to the visit too.
    await page.waitForLoadState("networkidle");
    await page.waitForTimeout(300);
    const cls = await page.evaluate(() => (window as unknown as { __layoutShift: number }).__layoutShift);
    const requests = await Promise.all(pending);
    const sum = (kind: Kind) => requests.filter((r) => r.kind === kind).reduce((n, r) => n + r.bytes, 0);
    const result = {
      url,
      document: sum("document"),
      css: sum("css"),
      script: sum("script"),
      font: sum("font"),
      image: sum("image"),
      other: sum("other"),
      total: requests.reduce((n, r) => n + r.bytes, 0),
      cls: Math.round(cls * 10000) / 10000,
      requests,
    };
    return result;
  } finally {
    await context.close();
  }
}
