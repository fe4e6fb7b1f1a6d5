import { Transform, type TransformCallback } from "node:stream";
import { StringDecoder } from "node:string_decoder";
import { parse } from "es-module-lexer/js";

/**
 * Hydration starts after the first paint.
 *
 * Every page is server-rendered and works without JavaScript (links, forms,
 * the splash), so the page's scripts only enhance what is already on screen.
 * React Router writes them as `<link rel="modulepreload">` tags in <head> and
 * one inline module script that imports the route modules and the client
 * entry; on a slow connection those ~125 KB then compete with the document for
 * the first paint. This rewrite drops the preload tags and turns the inline
 * script into a loader that waits for the first contentful paint, then
 * preloads and evaluates the same modules a few at a time and runs the
 * original bootstrap unchanged (same manifest, same route modules, same entry).
 *
 * React does not need the preload tags to hydrate: <link> elements are
 * "hoistable" in React 19, matched in <head> by href or inserted, never
 * compared positionally. The inline script keeps its element and attributes
 * (nonce, type="module"); only its text changes, which hydration does not
 * touch (React Router marks it suppressHydrationWarning).
 *
 * Measured with Lighthouse (mobile, simulated slow 4G, 4x CPU) on the home
 * page: FCP 2.3 s -> 0.9-1.1 s and LCP 2.3 s -> ~1.1 s, because the scripts
 * no longer finish loading before the first paint; see
 * docs/decisions/0008-hydrate-after-paint.md.
 */

/** Waits this long at most for the paint (a page opened in a background tab does not paint until shown). */
export const HYDRATION_FALLBACK_MS = 3000;

const MODULE_SCRIPT = /<script\b([^>]*\btype="module"[^>]*)>([\s\S]*?)<\/script>/g;
const MODULE_PRELOAD = /<link\b[^>]*\brel="modulepreload"[^>]*>/g;
const HREF = /\bhref="([^"]+)"/;
/** What only React Router's bootstrap writes: it assigns the route modules. */
const BOOTSTRAP_MARKER = "window.__reactRouterRouteModules";

/** A static import of the bootstrap, as the loader imports it: its URL and the variables it declared. */
type StaticImport = { url: string; names: { local: string; exported: string | null }[] };

/** The bootstrap read as a module: its static imports (in order), the code without them, and the client entry. */
type Bootstrap = { imports: StaticImport[]; rest: string; entry: string };

const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;

/**
 * The variables of one import clause (the text between `import` and `from`): `* as ns`, `def`, `{ a, b as c }`
 * and their combinations; `exported` is null for a namespace. Null for anything else (a comment in the clause,
 * say): then the document is sent as React Router wrote it.
 */
function clauseNames(clause: string): StaticImport["names"] | null {
  const names: StaticImport["names"] = [];
  let text = clause.trim();
  if (text === "") return names;
  const braces = /\{([^}]*)\}\s*$/.exec(text);
  if (braces) {
    for (const part of (braces[1] ?? "").split(",").map((p) => p.trim()).filter(Boolean)) {
      const named = /^("[^"]*"|'[^']*'|[A-Za-z_$][\w$]*)(?:\s+as\s+([A-Za-z_$][\w$]*))?$/.exec(part);
      if (!named) return null;
      const exported = named[1] ?? "";
      const local = named[2] ?? exported;
      if (!IDENTIFIER.test(local)) return null;
      names.push({ local, exported: /^["']/.test(exported) ? exported.slice(1, -1) : exported });
    }
    text = text.slice(0, braces.index).trim().replace(/,$/, "").trim();
  } else {
    const namespace = /\*\s*as\s+([A-Za-z_$][\w$]*)$/.exec(text);
    if (namespace) {
      names.push({ local: namespace[1] ?? "", exported: null });
      text = text.slice(0, namespace.index).trim().replace(/,$/, "").trim();
    }
  }
  if (text === "") return names;
  if (!IDENTIFIER.test(text)) return null;
  names.push({ local: text, exported: "default" });
  return names;
}

/**
 * Reads the bootstrap with a module lexer (es-module-lexer, which Vite's tooling also uses), not line patterns:
 * in development React Router writes `import "…/inject-hmr-runtime";;`, and a pattern that expected one `;`
 * left that import inside the loader's function, a syntax error that stopped every page's scripts (issue 40).
 * Null when the text is not a bootstrap the loader can run the same way (exports, import attributes, a clause it
 * does not know): the document then goes out unchanged, which hydrates too, only earlier.
 */
function readBootstrap(code: string): Bootstrap | null {
  if (!code.includes(BOOTSTRAP_MARKER)) return null;
  let imports: ReturnType<typeof parse>[0];
  let exports: ReturnType<typeof parse>[1];
  try {
    [imports, exports] = parse(code);
  } catch {
    return null;
  }
  if (exports.length > 0) return null;
  const statics: StaticImport[] = [];
  const cuts: [number, number][] = [];
  let entry: string | undefined;
  for (const found of imports) {
    if (found.d === -2) continue; // import.meta
    if (found.n === undefined) return null; // a specifier that is not a plain string
    if (found.d > -1) {
      entry = found.n; // the last dynamic import is the client entry
      continue;
    }
    if (found.a > -1) return null; // import attributes: kept out of the rewrite
    const statement = code.slice(found.ss, found.se);
    const clause = /^import([\s\S]*?)(?:\bfrom\s*)?["']$/.exec(code.slice(found.ss, found.s));
    if (!clause) return null;
    const names = clauseNames(clause[1] ?? "");
    if (!names) return null;
    statics.push({ url: found.n, names });
    cuts.push([found.ss, found.ss + statement.length]);
  }
  if (entry === undefined) return null;
  let rest = "";
  let at = 0;
  for (const [start, end] of cuts) {
    rest += code.slice(at, start);
    at = end;
  }
  rest += code.slice(at);
  return { imports: statics, rest, entry };
}

/** A value as JavaScript inside an inline <script>: JSON, with `<` escaped so no `</script>` can end it. */
function js(value: unknown): string {
  return JSON.stringify(value).replaceAll("<", "\\u003c");
}

/** Preload tags added per task: each costs ~0.3-0.6 ms of fetch set-up, and ~19 in one task made a 15-20 ms task. */
export const PRELOADS_PER_TASK = 5;

/**
 * The loader that replaces the bootstrap. It runs `start` once the first
 * contentful paint has been reported (buffered: it may already have
 * happened), or after a frame where paint timing is unsupported, or after
 * HYDRATION_FALLBACK_MS at the latest. `start` adds the preloads a few per
 * task, then evaluates the modules one per task (all but the client entry:
 * evaluating them all at once, as the bootstrap's imports do, made one
 * 30-40 ms task), yielding through a MessageChannel, which fake clocks leave
 * alone; then it runs the bootstrap, which finds them evaluated.
 */
function loaderScript(preloads: string[], { imports, rest, entry }: Bootstrap): string {
  const names = imports.flatMap((mod, i) =>
    mod.names.map(({ local, exported }) => `${local}=m[${i}]${exported === null ? "" : `[${js(exported)}]`}`),
  );
  // An import without variables is there for what it does (in development, the hot-reload runtime the route
  // modules expect to find installed): those run first, in their order, as the bootstrap's own imports would.
  const first = imports.filter((mod) => mod.names.length === 0).map((mod) => mod.url);
  const evaluated = [...new Set([...first, ...preloads.filter((url) => url !== entry)])];
  return [
    "(function(){",
    "var done=false,timer;",
    `var p=${js(preloads)},i=0,c=new MessageChannel(),`,
    `q=${js(evaluated)},k=0;`,
    "function yieldThen(){c.port2.postMessage(0)}",
    "c.port1.onmessage=function(){if(i<p.length)add();else next()};",
    "function start(){if(done)return;done=true;clearTimeout(timer);add()}",
    `function add(){p.slice(i,i+=${PRELOADS_PER_TASK}).forEach(function(h){var l=document.createElement("link");l.rel="modulepreload";l.href=h;document.head.appendChild(l)});yieldThen()}`,
    "function next(){if(k<q.length)import(q[k++]).then(yieldThen,yieldThen);else{c.port1.close();boot()}}",
    "function boot(){",
    // async: the bootstrap is a module, where `await` is allowed at the top.
    `Promise.all([${imports.map((mod) => `import(${js(mod.url)})`).join(",")}]).then(async function(m){`,
    names.length ? `var ${names.join(",")};` : "",
    rest.trim(),
    "})}",
    `timer=setTimeout(start,${HYDRATION_FALLBACK_MS});`,
    "try{if(PerformanceObserver.supportedEntryTypes.indexOf(\"paint\")>-1){",
    'new PerformanceObserver(function(list,observer){if(list.getEntriesByName("first-contentful-paint").length){observer.disconnect();start()}}).observe({type:"paint",buffered:true});return}}catch(e){}',
    "requestAnimationFrame(function(){setTimeout(start,0)})",
    "})();",
  ].join("");
}

/**
 * The document with hydration moved after the first paint, or null when it
 * holds no React Router bootstrap the loader can run (then it is sent as it is).
 */
export function hydrateAfterPaint(html: string): string | null {
  let bootstrap: RegExpExecArray | undefined;
  let parsed: Bootstrap | null = null;
  for (const match of html.matchAll(MODULE_SCRIPT)) {
    parsed = readBootstrap(match[2] ?? "");
    if (parsed) {
      bootstrap = match;
      break;
    }
  }
  if (!bootstrap || !parsed) return null;
  const [whole, attributes = ""] = bootstrap;
  const before = html.slice(0, bootstrap.index);
  const after = html.slice(bootstrap.index + whole.length);
  const preloads: string[] = [];
  const strip = (part: string) =>
    part.replace(MODULE_PRELOAD, (tag) => {
      const href = HREF.exec(tag)?.[1];
      if (href) preloads.push(href.replaceAll("&amp;", "&"));
      return "";
    });
  const head = strip(before);
  const tail = strip(after);
  return `${head}<script${attributes}>${loaderScript([...new Set(preloads)], parsed)}</script>${tail}`;
}

/**
 * The same rewrite on a streamed document: holds the text back until the
 * bootstrap script has been written (it closes the shell React renders
 * first, so nothing waits on data), rewrites it, then passes the rest through.
 */
export class HydrateAfterPaintStream extends Transform {
  private readonly decoder = new StringDecoder("utf8");
  /** The text held back, in pieces: joined once, at the rewrite (appending and searching one string copied it all per chunk). */
  private held: string[] = [];
  /** The end of the text held so far, long enough to hold a marker cut in two by a chunk boundary. */
  private overlap = "";
  private foundBootstrap = false;
  private rewritten = false;

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    const text = this.decoder.write(chunk);
    if (this.rewritten) {
      callback(null, text);
      return;
    }
    this.held.push(text);
    // The bootstrap is the last module script of the shell: wait for its end tag. Each chunk is searched once.
    let window = this.overlap + text;
    if (!this.foundBootstrap) {
      const at = window.indexOf(BOOTSTRAP_MARKER);
      if (at !== -1) {
        this.foundBootstrap = true;
        window = window.slice(at);
      }
    }
    if (!this.foundBootstrap || !window.includes("</script>")) {
      this.overlap = window.slice(-Math.max(BOOTSTRAP_MARKER.length, "</script>".length));
      callback();
      return;
    }
    const all = this.held.join("");
    const cut = all.indexOf("</script>", all.indexOf(BOOTSTRAP_MARKER)) + "</script>".length;
    this.rewritten = true;
    this.held = [];
    const head = all.slice(0, cut);
    const tail = all.slice(cut);
    callback(null, (hydrateAfterPaint(head) ?? head) + tail);
  }

  override _flush(callback: TransformCallback): void {
    const rest = this.held.join("") + this.decoder.end();
    this.held = [];
    callback(null, this.rewritten ? rest : (hydrateAfterPaint(rest) ?? rest));
  }
}
