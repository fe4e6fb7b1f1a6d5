/** A page whose content is still being written: its title and a way onward. */
export function PlaceholderPage({ title }: { title: string }) {
  return (
    <section className="mx-auto max-w-3xl px-4 py-20 text-center">
      <h1 className="text-3xl font-bold text-slate-900 sm:text-4xl">{title}</h1>
      <p className="mt-4 text-slate-700">This page is on its way.</p>
    </section>
  );
}
