/**
 * The sign-up's steps above its form (Your account, Your company): each numbered, ticked once done, the current one
 * marked for screen readers.
 */
export function SignUpSteps({ step, names, label }: { step: number; names: readonly string[]; label: (step: number, total: number) => string }) {
  return (
    <ol className="mb-6 flex items-center justify-center gap-3" aria-label={label(step, names.length)}>
      {names.map((name, i) => {
        const n = i + 1;
        const state = n < step ? "done" : n === step ? "current" : "todo";
        return (
          <li key={name} className="flex items-center gap-2" aria-current={state === "current" ? "step" : undefined}>
            <span
              className={`flex h-8 w-8 items-center justify-center rounded-full text-sm font-bold ${
                state === "todo" ? "bg-slate-200 text-slate-800" : "bg-emerald-700 text-white"
              }`}
              aria-hidden="true"
            >
              {state === "done" ? "✓" : n}
            </span>
            <span className="text-sm font-medium text-slate-800">
              <span className="sr-only">{label(n, names.length)}: </span>
              {name}
            </span>
            {n === 1 && <span className="mx-1 h-px w-8 bg-slate-300" aria-hidden="true" />}
          </li>
        );
      })}
    </ol>
  );
}
