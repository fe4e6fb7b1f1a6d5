/** The centred card every account page uses. */
export function AuthCard({
  title,
  subtitle,
  children,
  aside,
  wide,
}: {
  title: string;
  subtitle?: string;
  children: React.ReactNode;
  aside?: React.ReactNode;
  wide?: boolean;
}) {
  return (
    <section className="bg-gradient-to-b from-emerald-50 to-white px-4 py-12 sm:py-16">
      <div className={`mx-auto w-full ${wide ? "max-w-2xl" : "max-w-md"}`}>
        {aside}
        <div className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-8">
          <h1 className="text-center text-2xl font-bold text-slate-900 sm:text-3xl">{title}</h1>
          {subtitle && <p className="mt-2 text-center text-slate-700">{subtitle}</p>}
          <div className="mt-6">{children}</div>
        </div>
      </div>
    </section>
  );
}
