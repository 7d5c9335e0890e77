/** The title block of a public page. */
export function PageHeader({ title, intro }: { title: string; intro?: string }) {
  return (
    <header className="border-b border-border bg-gradient-to-br from-accent-soft via-bg to-bg">
      <div className="container-page py-12 sm:py-16">
        <h1 className="max-w-3xl font-display text-3xl font-semibold tracking-tight sm:text-4xl">
          {title}
        </h1>
        {intro ? <p className="mt-4 max-w-2xl text-lg text-muted">{intro}</p> : null}
      </div>
    </header>
  );
}
