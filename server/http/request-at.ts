/**
 * The same request (method, headers, body, abort signal) addressed to another URL: what React Router is handed when
 * the address it should see is not the one that reached Node (the site's origin behind a proxy, the studio's
 * unknown address for a visitor). The body is passed on as it is, never read here.
 */
export function requestAt(request: Request, url: string | URL): Request {
  const hasBody = request.method !== "GET" && request.method !== "HEAD";
  return new Request(url, {
    method: request.method,
    headers: request.headers,
    body: hasBody ? request.body : null,
    signal: request.signal,
    ...(hasBody ? { duplex: "half" } : {}),
  } as RequestInit);
}
