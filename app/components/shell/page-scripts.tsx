import { Children, Fragment, cloneElement, isValidElement, type ReactElement, type ReactNode } from "react";
import { Scripts } from "react-router";

type ScriptsProps = Parameters<typeof Scripts>[0];
type AnyProps = Record<string, unknown> & { children?: ReactNode };

/**
 * React Router's <Scripts>, with its module preloads marked low priority.
 *
 * Every page arrives fully rendered with its stylesheet inlined, so the first
 * paint needs nothing but the HTML. The router hoists about twenty module
 * preloads (some 125 KB) into <head>, where they would be fetched at high
 * priority, sharing a slow phone connection with the rest of the document.
 * At low priority the browser gives the document (and any image in view) the
 * line first; the scripts still load in parallel and hydrate as before (the
 * page's load event still waits for them). Nothing else changes.
 */
export function PageScripts(props: ScriptsProps) {
  // Called as a function so its output can be adjusted; it uses hooks, so it is called on every render.
  return lowPriorityPreloads(Scripts(props));
}

function lowPriorityPreloads(node: ReactNode): ReactNode {
  if (!isValidElement(node)) return node;
  const element = node as ReactElement<AnyProps>;
  if (element.type === Fragment) {
    const children = Children.map(element.props.children, (child) => lowPriorityPreloads(child));
    return <Fragment key={element.key ?? undefined}>{children}</Fragment>;
  }
  if (element.type === "link" && element.props.rel === "modulepreload") {
    return cloneElement(element, { fetchPriority: "low" });
  }
  return element;
}
