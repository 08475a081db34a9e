import type { ReactNode } from 'react';

export type Bar = {
  key: string;
  label: string;
  value: number;
  /** The value as a reader reads it: "$1,065,000", "12 analyses". */
  valueText: string;
  /** Under the value: where it comes from (a page mark), or what to do with it. */
  aside?: ReactNode;
};

/**
 * Horizontal bars, as a table: each row's item, its bar and its value, so that the numbers a bar draws are there as
 * text for everyone (screen readers read the table; the bars are a picture of its values column) and the bar's
 * colour carries nothing the text does not. Bars are drawn to scale from zero against the largest value; a bar too
 * small to see keeps a sliver, so that no row looks empty. Two columns only, what goes with a value under it, so
 * that on a phone the bars keep most of the width.
 */
export function BarChart({
  caption,
  headers,
  bars,
}: {
  /** What the table shows, for screen readers: the figure's visible heading says it to everyone else. */
  caption: string;
  headers: { label: string; value: string };
  bars: readonly Bar[];
}) {
  const largest = Math.max(...bars.map((bar) => bar.value));
  return (
    <table className="w-full border-separate border-spacing-y-2 text-sm">
      <caption className="sr-only">{caption}</caption>
      <thead>
        <tr className="text-xs font-medium uppercase tracking-wide text-slate-500">
          <th scope="col" className="pr-3 text-left font-medium">
            {headers.label}
          </th>
          <th scope="col" className="text-right font-medium">
            {headers.value}
          </th>
        </tr>
      </thead>
      <tbody>
        {bars.map((bar) => (
          <tr key={bar.key}>
            <th scope="row" className="w-full pr-3 text-left align-top font-normal">
              <span className="block break-words text-slate-800">{bar.label}</span>
              <span aria-hidden="true" className="mt-1 block h-2.5 rounded-full bg-slate-100">
                <span
                  className="block h-full rounded-full bg-blue-900"
                  style={{ width: `${Math.max(largest > 0 ? (bar.value / largest) * 100 : 0, 1)}%` }}
                />
              </span>
            </th>
            <td className="whitespace-nowrap text-right align-top">
              <span className="block font-semibold tabular-nums text-slate-900">{bar.valueText}</span>
              {bar.aside && <span className="mt-1 block">{bar.aside}</span>}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
