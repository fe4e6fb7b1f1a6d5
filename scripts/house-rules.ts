import fs from "node:fs";
import path from "node:path";
import ts from "typescript";

/**
 * The house's import rules, checked on the imports as TypeScript resolves them (relative, `~/`, `@shared/`,
 * absolute; type-only imports, re-exports and `import()` included), so no spelling of a path slips past a rule.
 * `npm run lint` runs it after ESLint (whose rules say the same at the editor, but read type-only imports as no
 * edge and some paths as written). The wrong imports in tests/lint-probes/ must each break a rule here or in ESLint
 * (scripts/house-rules.test.ts).
 */
export type Edge = { to: string; typeOnly: boolean };
export type ImportGraph = Map<string, Edge[]>;
/** Files that stand in for (or beside) the tree's own: repository-relative path → text. */
export type Overlay = ReadonlyMap<string, string>;

const SKIP = /(^|\/)(node_modules|build|build-[^/]+|\.react-router|reports|data|test-results|playwright-report)(\/|$)/;
const isProductModule = (name: string) => /\.tsx?$/.test(name) && !/\.(test|spec)\.tsx?$/.test(name) && !name.endsWith(".d.ts");

function walk(repo: string, dir: string, out: string[]): void {
  for (const entry of fs.readdirSync(path.join(repo, dir), { withFileTypes: true })) {
    const rel = path.posix.join(dir, entry.name);
    if (SKIP.test(rel)) continue;
    if (entry.isDirectory()) walk(repo, rel, out);
    else if (isProductModule(entry.name)) out.push(rel);
  }
}

/** The product's modules under `roots` (tests left out), each with the modules of the tree it imports. */
export function importGraph(repo: string, roots: readonly string[] = ["app", "server", "shared"], overlay: Overlay = new Map()): ImportGraph {
  const parsed = ts.parseJsonConfigFileContent(ts.readConfigFile(path.join(repo, "tsconfig.json"), ts.sys.readFile).config, ts.sys, repo);
  const virtual = new Map([...overlay].map(([rel, text]) => [path.join(repo, rel), text]));
  const host: ts.ModuleResolutionHost = {
    fileExists: (f) => virtual.has(f) || ts.sys.fileExists(f),
    readFile: (f) => virtual.get(f) ?? ts.sys.readFile(f),
    directoryExists: (d) => [...virtual.keys()].some((f) => f.startsWith(d + path.sep)) || ts.sys.directoryExists(d),
    realpath: (f) => (virtual.has(f) ? f : (ts.sys.realpath?.(f) ?? f)),
    getCurrentDirectory: () => repo,
  };
  const files: string[] = [];
  for (const root of roots) walk(repo, root, files);
  for (const rel of overlay.keys()) if (!files.includes(rel) && roots.some((r) => rel.startsWith(r + "/"))) files.push(rel);
  const graph: ImportGraph = new Map();
  for (const rel of files) {
    const file = path.join(repo, rel);
    const text = virtual.get(file) ?? fs.readFileSync(file, "utf8");
    const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, rel.endsWith("x") ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
    const edges: Edge[] = [];
    const add = (specifier: string, typeOnly: boolean) => {
      const resolved = ts.resolveModuleName(specifier, file, parsed.options, host).resolvedModule?.resolvedFileName;
      if (!resolved || resolved.includes(`${path.sep}node_modules${path.sep}`) || !resolved.startsWith(repo + path.sep)) return;
      edges.push({ to: path.relative(repo, resolved).split(path.sep).join("/"), typeOnly });
    };
    for (const node of source.statements) {
      if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
        const clause = node.importClause;
        const named = clause?.namedBindings && ts.isNamedImports(clause.namedBindings) ? clause.namedBindings.elements : undefined;
        const typeOnly = !!clause && (clause.isTypeOnly || (!clause.name && !!named && named.length > 0 && named.every((e) => e.isTypeOnly)));
        add(node.moduleSpecifier.text, typeOnly);
      } else if (ts.isExportDeclaration(node) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
        add(node.moduleSpecifier.text, node.isTypeOnly);
      }
    }
    const visit = (node: ts.Node) => {
      if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword && node.arguments[0] && ts.isStringLiteralLike(node.arguments[0])) add(node.arguments[0].text, false);
      else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument) && ts.isStringLiteral(node.argument.literal)) add(node.argument.literal.text, true);
      ts.forEachChild(node, visit);
    };
    visit(source);
    graph.set(rel, edges);
  }
  return graph;
}

/** Every circle (modules that reach each other through imports of any kind, types included). */
export function circles(graph: ImportGraph): string[][] {
  let next = 0;
  const order = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (v: string) => {
    order.set(v, next);
    low.set(v, next);
    next += 1;
    stack.push(v);
    onStack.add(v);
    for (const { to } of graph.get(v) ?? []) {
      if (!graph.has(to)) continue;
      if (!order.has(to)) {
        visit(to);
        low.set(v, Math.min(low.get(v)!, low.get(to)!));
      } else if (onStack.has(to)) low.set(v, Math.min(low.get(v)!, order.get(to)!));
    }
    if (low.get(v) !== order.get(v)) return;
    const group: string[] = [];
    let w: string;
    do {
      w = stack.pop()!;
      onStack.delete(w);
      group.push(w);
    } while (w !== v);
    if (group.length > 1 || (graph.get(v) ?? []).some((e) => e.to === v)) found.push(group.sort());
  };
  for (const v of [...graph.keys()].sort()) if (!order.has(v)) visit(v);
  return found;
}

const under = (dir: string) => (p: string) => p === dir || p.startsWith(dir + "/");
const anyOf =
  (...tests: ((p: string) => boolean)[]) =>
  (p: string) =>
    tests.some((t) => t(p));
const isServerModule = (p: string) => /\.server\.tsx?$/.test(p);
/** Client code: what can reach the browser. Route modules and the root may import server code from their loaders and actions (React Router strips those from the browser's build). */
const isClientCode = (p: string) => under("app")(p) && !under("app/routes")(p) && p !== "app/root.tsx" && !isServerModule(p);
/** The server's doors and its start: what server/http must never stand under. */
const isServerTop = anyOf(under("server/api"), under("server/pages"), (p) => /^server\/[^/]+\.ts$/.test(p) && !["server/config.ts", "server/env-schema.ts", "server/context.ts", "server/logger.ts", "server/env-file.ts", "server/node-flags.ts"].includes(p));
const SERVICES_MAY_IMPORT = anyOf(under("server/services"), under("server/db"), (p) => ["server/context.ts", "server/config.ts", "server/env-schema.ts", "server/logger.ts", "server/env-file.ts"].includes(p));

/** One direction of the house: who (`from`) may not import what (`to`); types allowed where the rule says so. */
export type Direction = { name: string; from: (p: string) => boolean; to: (p: string) => boolean; typesAllowed: boolean; why: string };

export const DIRECTIONS: readonly Direction[] = [
  { name: "server-not-app", from: under("server"), to: under("app"), typesAllowed: false, why: "server/ never imports app/: React Router hands the server its build; what both need lives in shared/." },
  {
    name: "services-below-doors",
    from: under("server/services"),
    to: (p) => under("server")(p) && !SERVICES_MAY_IMPORT(p),
    typesAllowed: false,
    why: "services import only services, server/db, server/context and server/config: throw a ServiceError and let each door map it.",
  },
  { name: "db-below-services", from: under("server/db"), to: anyOf(under("server/services"), under("server/http"), under("server/api"), under("server/pages")), typesAllowed: false, why: "server/db stands under every service and door." },
  { name: "http-below-doors", from: under("server/http"), to: isServerTop, typesAllowed: false, why: "server/http is the doors' plumbing: it never imports a door (server/api, server/pages) or the server's start (app.ts, server.ts…)." },
  { name: "api-not-pages", from: under("server/api"), to: under("server/pages"), typesAllowed: false, why: "the JSON API and the page doors stand side by side: what both need goes to server/http or a service." },
  { name: "client-not-server", from: isClientCode, to: under("server"), typesAllowed: true, why: "client code never imports server/ (types vanish at build and are allowed): ask a loader, an action or /api." },
  { name: "client-not-server-modules", from: isClientCode, to: isServerModule, typesAllowed: true, why: "client code never imports a *.server module: only route modules' loaders and actions do." },
  { name: "shared-imports-neither-side", from: under("shared"), to: anyOf(under("app"), under("server")), typesAllowed: false, why: "shared/ imports neither app/ nor server/." },
];

export type Fault = { rule: string; file: string; imports?: string; why: string };

/** What breaks the house: every import against a direction, and every circle. */
export function houseFaults(graph: ImportGraph): Fault[] {
  const faults: Fault[] = [];
  for (const [file, edges] of graph) {
    for (const edge of edges) {
      for (const d of DIRECTIONS) {
        if (d.from(file) && d.to(edge.to) && !(d.typesAllowed && edge.typeOnly)) faults.push({ rule: d.name, file, imports: edge.to, why: d.why });
      }
    }
  }
  for (const group of circles(graph)) {
    faults.push({ rule: "no-circle", file: group[0]!, imports: group.slice(1).join(", "), why: `a circle of ${group.length} module(s), type-only imports counted: move what they share down to a module each can import.` });
  }
  return faults;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const repo = path.resolve(import.meta.dirname, "..");
  const faults = houseFaults(importGraph(repo));
  for (const f of faults) console.error(`${f.file}${f.imports ? ` -> ${f.imports}` : ""}\n  ${f.rule}: ${f.why}`);
  if (faults.length > 0) {
    console.error(`house rules: ${faults.length} fault(s)`);
    process.exitCode = 1;
  }
}
