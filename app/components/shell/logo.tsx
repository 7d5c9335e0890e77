/** The Vitrine wordmark with its monogram. */
export function Logo() {
  return (
    <span className="flex items-center gap-2">
      <svg viewBox="0 0 32 32" className="h-8 w-8" aria-hidden="true">
        <rect width="32" height="32" rx="8" className="fill-accent" />
        <path d="M8 9h4.2l3.8 10.6L19.8 9H24l-6 15h-4z" className="fill-accent-fg" />
      </svg>
      <span className="hidden font-display text-xl font-semibold tracking-tight sm:inline">
        Vitrine
      </span>
    </span>
  );
}
