/** The Wise Parrot mark: a parrot's head in a speech bubble. */
export function LogoMark({ className = "h-9 w-9" }: { className?: string }) {
  return (
    <svg viewBox="0 0 40 40" className={className} aria-hidden="true" focusable="false">
      <path d="M20 2C10 2 2 9.4 2 18.5c0 5 2.4 9.4 6.2 12.4L6.5 38l8-4.2c1.7.5 3.6.7 5.5.7 10 0 18-7.4 18-16S30 2 20 2Z" fill="#047857" />
      <path d="M14 26c0-7 4-12.5 10.5-12.5 3.5 0 6 2.3 6 5.2 0 2-1.3 3.6-3.3 4.1-1.6-2.6-4.6-2.3-5.8.2-.9 1.8-.4 4.9-.4 6.5H14Z" fill="#fbbf24" />
      <circle cx="25.5" cy="18" r="1.6" fill="#064e3b" />
      <path d="M30.5 18.7c1.8.4 3 1.8 3 3.6 0 1.2-.6 2.3-1.6 3-0.3-2-1.2-3.4-2.6-4.3.7-.6 1.1-1.4 1.2-2.3Z" fill="#f97316" />
    </svg>
  );
}
