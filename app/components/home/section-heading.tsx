/** A section's heading and intro, centred; `dark` for sections on a dark background. */
export function SectionHeading({ id, title, intro, dark = false }: { id: string; title: string; intro?: string; dark?: boolean }) {
  return (
    <div className="mx-auto max-w-3xl text-center">
      <h2 id={id} className={`text-[1.625rem] font-bold leading-tight tracking-tight sm:text-4xl ${dark ? "text-white" : "text-slate-900"}`}>
        {title}
      </h2>
      {intro && <p className={`mt-2 text-base sm:mt-3 sm:text-lg ${dark ? "text-slate-200" : "text-slate-700"}`}>{intro}</p>}
    </div>
  );
}
