/**
 * The dashboard's blocks: a titled card (completion, pipeline, coupons, top courses, exports) and
 * the text of one figure (a label over a large number, an optional note below), so every card and
 * figure on the dashboard reads and looks alike.
 */
export function DashboardCard({
  id,
  title,
  action,
  className = 'mt-5',
  children,
}: {
  /** The heading's id, which names the section. */
  id: string;
  title: string;
  /** Beside the heading, e.g. a link to the full list. */
  action?: React.ReactNode;
  className?: string;
  children: React.ReactNode;
}) {
  const heading = (
    <h4 id={id} className="font-display text-lg font-semibold text-brand-green">
      {title}
    </h4>
  );
  return (
    <section aria-labelledby={id} className={`${className} rounded-2xl border border-slate-200 bg-white p-5 shadow-sm`}>
      {action ? (
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          {heading}
          {action}
        </div>
      ) : (
        heading
      )}
      {children}
    </section>
  );
}

/** One figure's text: its label, its value in large figures and, if given, a note. */
export function FigureText({
  label,
  value,
  note,
  large = false,
}: {
  label: string;
  value: React.ReactNode;
  note?: string;
  /** A little larger from small screens up (the dashboard's headline figures). */
  large?: boolean;
}) {
  return (
    <>
      <span className="text-sm font-semibold text-slate-600">{label}</span>
      <span
        className={`mt-1 font-display text-2xl font-semibold text-brand-green tabular-nums${large ? ' sm:text-3xl' : ''}`}
      >
        {value}
      </span>
      {note !== undefined && <span className="mt-1 text-sm text-slate-600">{note}</span>}
    </>
  );
}
