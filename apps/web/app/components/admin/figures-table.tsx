/** One row of a figures table: its name (the row's header) and its figures, in the columns' order. */
export interface FiguresRow {
  key: string;
  name: React.ReactNode;
  figures: React.ReactNode[];
}

/**
 * A table of figures by row with a total at the foot (revenue by period, attribution by channel):
 * the first column names the row, the others are numbers aligned to the end. `pad` is the cells'
 * side padding; `rowName` styles the rows' names, `headClassName` the headings.
 */
export function FiguresTable({
  caption,
  captionClassName,
  headings,
  rows,
  total,
  className,
  pad,
  headClassName = '',
  rowName,
  rowNameDir,
  figureClassName = '',
  ...data
}: {
  caption: string;
  captionClassName: string;
  /** The first column's heading, then one per figure. */
  headings: string[];
  rows: FiguresRow[];
  total: { name: string; figures: React.ReactNode[] };
  className: string;
  pad: 'px-3' | 'px-4';
  headClassName?: string;
  rowName: string;
  /** 'auto' where names are what visitors typed, in either script. */
  rowNameDir?: 'auto';
  figureClassName?: string;
} & Record<`data-${string}`, string>) {
  const figure = `${pad} py-2 text-end tabular-nums`;
  const cells = (figures: React.ReactNode[], extra: string) =>
    figures.map((value, i) => (
      <td key={i} className={`${figure}${extra}`}>
        {value}
      </td>
    ));
  return (
    <table className={className} {...data}>
      <caption className={captionClassName}>{caption}</caption>
      <thead>
        <tr className="border-b border-slate-200">
          {headings.map((head, i) => (
            <th key={head} scope="col" className={`${pad} py-2 ${i === 0 ? 'text-start' : 'text-end'}${headClassName}`}>
              {head}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.key} className="border-b border-slate-100">
            <th scope="row" className={`${pad} py-2 text-start ${rowName}`} dir={rowNameDir}>
              {row.name}
            </th>
            {cells(row.figures, figureClassName)}
          </tr>
        ))}
      </tbody>
      <tfoot>
        <tr className="font-semibold">
          <th scope="row" className={`${pad} py-2 text-start`}>
            {total.name}
          </th>
          {cells(total.figures, '')}
        </tr>
      </tfoot>
    </table>
  );
}
