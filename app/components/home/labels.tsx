/** A button label that is shorter below the `sm` breakpoint; only the visible one is read out. */
export function ResponsiveLabel({ long, short }: { long: string; short: string }) {
  return (
    <>
      <span className="hidden sm:inline">{long}</span>
      <span className="sm:hidden">{short}</span>
    </>
  );
}

/** Read after an external link's label so nobody is surprised by the new tab. */
export function NewTabNote({ text }: { text: string }) {
  return <span className="sr-only"> {text}</span>;
}
