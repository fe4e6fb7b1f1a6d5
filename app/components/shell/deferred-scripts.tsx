import { Children, Fragment, isValidElement, type ReactElement, type ReactNode } from "react";
import { Scripts } from "react-router";

type ScriptsProps = Parameters<typeof Scripts>[0];
type AnyProps = Record<string, unknown> & { children?: ReactNode };

/**
 * React Router's <Scripts>, started after the first paint.
 *
 * Every page arrives fully rendered, with its stylesheet inlined, so the
 * browser can paint it from the HTML alone. Left as they are, the module
 * preloads in <head> start about 125 KB of JavaScript at once, which on a slow
 * phone connection shares the line with the rest of the document and delays
 * that first paint. Here the same preloads and the same hydration module are
 * written by a small inline script once the page has painted (the frame after
 * the first animation frame; at once in a hidden tab, which paints nothing).
 * Links work before hydration, being plain anchors.
 *
 * The router's own inline context script is kept as it is. Should the
 * router's output ever not have the expected shape, it is rendered unchanged.
 */
export function DeferredScripts(props: ScriptsProps) {
  // Called as a function so its output can be rewritten; it uses hooks, so it is called on every render.
  const rendered = Scripts(props);
  if (!rendered) return null;

  const preloads: string[] = [];
  let moduleCode: string | undefined;
  const kept: ReactNode[] = [];
  let unexpected = false;
  const visit = (node: ReactNode) => {
    Children.forEach(node, (child) => {
      if (!isValidElement(child)) return;
      const element = child as ReactElement<AnyProps>;
      if (element.type === Fragment) {
        visit(element.props.children);
        return;
      }
      const p = element.props;
      if (element.type === "link" && p.rel === "modulepreload" && typeof p.href === "string") {
        if (p.integrity) unexpected = true;
        preloads.push(p.href);
      } else if (element.type === "script" && p.type === "module") {
        const html = (p.dangerouslySetInnerHTML as { __html?: unknown } | undefined)?.__html;
        if (typeof html !== "string" || moduleCode !== undefined) unexpected = true;
        else moduleCode = html;
      } else {
        kept.push(element);
      }
    });
  };
  visit(rendered);
  if (unexpected || moduleCode === undefined) return rendered;

  return (
    <>
      {kept}
      {/* Inert (not a script type the browser runs); the loader below runs a copy of it, so a hash-based policy for the page's inline scripts covers that copy too. */}
      <script
        type={DEFERRED_MODULE_TYPE}
        nonce={props.nonce}
        suppressHydrationWarning
        dangerouslySetInnerHTML={{ __html: moduleCode }}
      />
      <script nonce={props.nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: loaderScript([...new Set(preloads)], moduleCode) }} />
    </>
  );
}

const DEFERRED_MODULE_TYPE = "text/x-deferred-module";

/**
 * The inline script that, after the first paint, adds the preloads and runs
 * the hydration module (the text of the inert script just before it).
 */
function loaderScript(preloads: string[], moduleCode: string): string {
  // In the browser the router renders no module code (hydration reuses the server's scripts).
  if (moduleCode.trim() === "") return " ";
  return `(function(){var c=document.currentScript,n=c&&c.nonce,m=c&&c.previousElementSibling,h=document.head,started=false;
if(!m||m.type!==${JSON.stringify(DEFERRED_MODULE_TYPE)})return;
function go(){if(started)return;started=true;
${JSON.stringify(preloads).replace(/</g, "\\u003c")}.forEach(function(u){var l=document.createElement("link");l.rel="modulepreload";l.href=u;if(n)l.nonce=n;h.appendChild(l)});
var s=document.createElement("script");s.type="module";if(n)s.nonce=n;s.textContent=m.textContent;h.appendChild(s)}
if(document.visibilityState==="hidden"||typeof requestAnimationFrame!=="function")go();
else{requestAnimationFrame(function(){setTimeout(go,0)});document.addEventListener("visibilitychange",go,{once:true})}})();`;
}
