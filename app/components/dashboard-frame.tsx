/** The heading block shared by the dashboards' first screens. */
export function DashboardFrame({
  title,
  intro,
  children,
}: {
  title: string;
  intro: string;
  children?: React.ReactNode;
}) {
  return (
    <section className="container-page py-10">
      <h1 className="text-3xl font-semibold">{title}</h1>
      <p className="mt-2 text-muted">{intro}</p>
      {children}
    </section>
  );
}
