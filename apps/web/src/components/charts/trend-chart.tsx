import { useId } from 'react';

/** One day's value. */
export interface TrendPoint {
  /** The day, YYYY-MM-DD, in UTC. */
  day: string;
  value: number;
}

const COLUMN = 10;
const HEIGHT = 60;

const utcDate = (day: string) => new Date(`${day}T00:00:00Z`);
const shortDay = (day: string) => utcDate(day).toLocaleDateString('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });
const longDay = (day: string) => utcDate(day).toLocaleDateString('en-US', { weekday: 'short', month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });

/**
 * A small daily trend: the period's total as its heading number, one column per day (its value in a tooltip),
 * and the same figures as a table under a disclosure, for screen readers and for whoever cannot hover. The
 * drawing is hidden from assistive technology, which reads the caption and the table instead. It stretches to
 * its container's width, so it never widens a phone's page.
 */
export function TrendChart({ title, points, format }: { title: string; points: TrendPoint[]; format: (value: number) => string }) {
  const captionId = useId();
  const total = points.reduce((sum, point) => sum + point.value, 0);
  const peak = Math.max(0, ...points.map((point) => point.value));
  const first = points[0];
  const last = points.at(-1);

  return (
    // Named by its caption explicitly: not every accessibility tree takes a figure's name from its figcaption.
    <figure aria-labelledby={captionId} className="min-w-0 rounded-lg border border-slate-200 p-4">
      <figcaption id={captionId}>
        <h3 className="text-sm font-medium text-slate-600">{title}</h3>
        <p className="mt-1 text-2xl font-bold tracking-tight text-slate-900">{format(total)}</p>
        <p className="text-xs text-slate-500">in the last {points.length} days</p>
      </figcaption>
      <svg
        viewBox={`0 0 ${points.length * COLUMN} ${HEIGHT}`}
        preserveAspectRatio="none"
        className="mt-3 block h-20 w-full"
        aria-hidden="true"
      >
        {points.map((point, i) => {
          // A day with something stays visible next to a peak many times its size.
          const height = point.value > 0 ? Math.max(2, (point.value / peak) * HEIGHT) : 0;
          return (
            <g key={point.day} className="group">
              <title>{`${shortDay(point.day)}: ${format(point.value)}`}</title>
              {/* The whole column answers the pointer, so a quiet day's tooltip is as easy to reach as a busy one's. */}
              <rect x={i * COLUMN} y={0} width={COLUMN} height={HEIGHT} fill="transparent" />
              <rect x={i * COLUMN + 1} y={HEIGHT - height} width={COLUMN - 2} height={height} className="fill-blue-600 group-hover:fill-blue-900" />
            </g>
          );
        })}
        <line x1={0} x2={points.length * COLUMN} y1={HEIGHT} y2={HEIGHT} className="stroke-slate-300" strokeWidth={1} vectorEffect="non-scaling-stroke" />
      </svg>
      {first && last ? (
        <div className="mt-1 flex justify-between text-xs text-slate-500" aria-hidden="true">
          <span>{shortDay(first.day)}</span>
          <span>{shortDay(last.day)}</span>
        </div>
      ) : null}
      <details className="mt-3 text-sm">
        <summary className="cursor-pointer rounded text-blue-900 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600">
          {title} by day
        </summary>
        <table className="mt-2 w-full text-left">
          <caption className="sr-only">{`${title} by day`}</caption>
          <thead className="border-b border-slate-200 text-slate-600">
            <tr>
              <th scope="col" className="py-1 pr-4 font-medium">Day</th>
              <th scope="col" className="py-1 text-right font-medium">{title}</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {points.map((point) => (
              <tr key={point.day}>
                <th scope="row" className="py-1 pr-4 font-normal text-slate-600">
                  <time dateTime={point.day}>{longDay(point.day)}</time>
                </th>
                <td className="py-1 text-right tabular-nums text-slate-900">{format(point.value)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </figure>
  );
}
