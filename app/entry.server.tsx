import fs from "node:fs";
import { createReadableStreamFromReadable } from "@react-router/node";
import { isbot } from "isbot";
import { renderToPipeableStream } from "react-dom/server";
import type { AppLoadContext, EntryContext, HandleErrorFunction } from "react-router";
import { ServerRouter, isRouteErrorResponse } from "react-router";
import { provideHindi } from "~/lib/hindi-words";
import { HydrateAfterPaintStream } from "~/lib/hydrate-after-paint.server";
import { InlineCssContext } from "~/lib/inline-css";
import { NonceContext } from "~/lib/nonce";
import appCss from "./app.css?url";

export const streamTimeout = 5_000;

// The server has every page's Hindi from the start (decision 0036): a Hindi page renders in Hindi on its first request.
for (const [file, words] of Object.entries(import.meta.glob("./lib/hindi/*.ts", { eager: true }))) {
  provideHindi(file.replace(/^.*\//, "").replace(/\.ts$/, ""), words);
}

/**
 * A loader's, an action's or a render's error: one JSON line through the site's logger with the request's id (the
 * line also carries the client address and account, server/context.ts), not a raw stack on stderr. A request
 * the client gave up on is no error. At build time (prerendering) there is no logger: stderr then.
 *
 * React Router's own refusal of a request (a POST to a page without an action: 405; an unknown route: 404) is the
 * client's mistake, not the server's (issue 39, item 11): one info line with its status, no stack, so a probe posting
 * to every page does not fill the log with "page error" lines an operator would chase.
 */
function logPageError(error: unknown, request: Request, context: AppLoadContext | undefined): void {
  if (request.signal.aborted) return;
  if (!context?.deps) {
    console.error(error);
    return;
  }
  if (isRouteErrorResponse(error) && error.status < 500) {
    const path = new URL(request.url).pathname;
    context.deps.log.info({ reqId: context.requestId, method: request.method, path, status: error.status }, "page request refused");
    return;
  }
  const err = error instanceof Error ? error : new Error(String(error));
  context.deps.log.error({ reqId: context.requestId, path: new URL(request.url).pathname, err }, "page error");
}

export const handleError: HandleErrorFunction = (error, { request, context }) => {
  logPageError(error, request, context as AppLoadContext | undefined);
};

/**
 * The built stylesheet's text, inlined into every page (see ~/lib/inline-css).
 * This bundle lives in <build>/server/, the stylesheet in <build>/client/assets/;
 * under the dev server the file does not exist and pages link the stylesheet.
 */
let inlineCss: string | null | undefined;
function readInlineCss(): string | null {
  if (inlineCss !== undefined) return inlineCss;
  try {
    const text = fs.readFileSync(new URL(`../client${appCss}`, import.meta.url), "utf8");
    // A closing tag inside the CSS would end the <style> element early.
    inlineCss = /<\/style/i.test(text) ? null : text;
  } catch {
    inlineCss = null;
  }
  return inlineCss;
}

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
) {
  // Every page is rendered for a request (server/app.ts gives each its nonce; nothing is prerendered, decision 0024).
  const nonce = loadContext.cspNonce;
  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const userAgent = request.headers.get("user-agent");
    // Crawlers get the whole document at once; people get it streamed.
    const readyOption = (userAgent && isbot(userAgent)) || routerContext.isSpaMode ? "onAllReady" : "onShellReady";
    const { pipe, abort } = renderToPipeableStream(
      <NonceContext.Provider value={nonce}>
        <InlineCssContext.Provider value={readInlineCss()}>
          <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
        </InlineCssContext.Provider>
      </NonceContext.Provider>,
      {
        nonce,
        [readyOption]() {
          shellRendered = true;
          // Scripts load after the first paint (see ~/lib/hydrate-after-paint.server).
          const body = new HydrateAfterPaintStream();
          const stream = createReadableStreamFromReadable(body);
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          resolve(new Response(stream, { headers: responseHeaders, status: responseStatusCode }));
          pipe(body);
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) logPageError(error, request, loadContext);
        },
      },
    );
    setTimeout(abort, streamTimeout + 1000);
  });
}
