import { type Inline, parseDescription } from "./format";

function Line({ parts }: { parts: Inline[] }) {
  return (
    <>
      {parts.map((part, i) => (part.bold ? <strong key={i}>{part.text}</strong> : <span key={i}>{part.text}</span>))}
    </>
  );
}

/** A description by the Blogs page's rules, built from elements (the text is never parsed as HTML). */
export function RichDescription({ text }: { text: string }) {
  return (
    <div className="space-y-3">
      {parseDescription(text).map((block, i) =>
        block.kind === "ul" ? (
          <ul key={i} className="list-disc space-y-1 pl-6">
            {block.items.map((item, j) => (
              <li key={j}>
                <Line parts={item} />
              </li>
            ))}
          </ul>
        ) : (
          <p key={i}>
            {block.lines.map((line, j) => (
              <span key={j}>
                {j > 0 && <br />}
                <Line parts={line} />
              </span>
            ))}
          </p>
        ),
      )}
    </div>
  );
}
