/**
 * What every benchmark of `npm run bench` shares: statistics over samples, timing, and the shape of one
 * measure (figures side by side, the ratio the target is about, met or not) printed on a terminal or as
 * a Markdown report (`make verify`). Figures from one run on one machine compare; figures across runs on a
 * shared machine do not, so every measure carries its own reference measured beside it.
 */
import { availableParallelism, cpus, loadavg } from 'node:os';

/** The smallest sample value with at least `p` percent of the samples at or below it (nearest rank). */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1]!;
}

export const median = (values: readonly number[]): number => percentile(values, 50);

/** Milliseconds `work` took. */
export async function time(work: () => Promise<unknown>): Promise<number> {
  const start = performance.now();
  await work();
  return performance.now() - start;
}

/** Runs `work` over `items` with at most `width` in flight. */
export async function inParallel<T>(items: readonly T[], width: number, work: (item: T) => Promise<unknown>): Promise<void> {
  const queue = [...items];
  await Promise.all(
    Array.from({ length: width }, async () => {
      for (let item = queue.shift(); item !== undefined; item = queue.shift()) await work(item);
    }),
  );
}

export const fixed = (value: number, digits = 1): string => (Number.isFinite(value) ? value.toFixed(digits) : 'n/a');
export const percent = (share: number): string => `${fixed(share * 100, 0)}%`;

/** A table of figures measured side by side: one row per thing measured, the last rows usually ratios. */
export interface Table {
  header: string[];
  rows: string[][];
}

/** One benchmark's outcome: the table it measured, its headline figure against its target. */
export interface Measure {
  name: string;
  table: Table;
  /** The headline, as a ratio or a bound on a ratio: "34% of bare Fastify's requests/s, p99 38 ms". */
  figure: string;
  target: string;
  met: boolean;
  /** What the figure depends on, or why the target is missed. */
  notes: string[];
}

/** Columns padded to their widest cell; the first column left-aligned, figures right-aligned. */
export function formatTable(table: Table): string {
  const all = [table.header, ...table.rows];
  const widths = table.header.map((_, column) => Math.max(...all.map((row) => (row[column] ?? '').length)));
  const line = (row: string[]) =>
    row.map((cell, column) => (column === 0 ? cell.padEnd(widths[column]!) : cell.padStart(widths[column]!))).join('  ');
  const rule = '-'.repeat(widths.reduce((sum, width) => sum + width, 0) + 2 * (widths.length - 1));
  return [line(table.header), rule, ...table.rows.map(line)].join('\n');
}

export function formatMeasure(measure: Measure): string {
  return [
    `\n== ${measure.name}`,
    formatTable(measure.table),
    `=> ${measure.figure}; target ${measure.target}: ${measure.met ? 'met' : 'NOT MET'}`,
    ...measure.notes.map((note) => `   ${note}`),
  ].join('\n');
}

const cell = (text: string) => text.replace(/\|/g, '\\|');

export function markdownTable(table: Table): string {
  const line = (row: string[]) => `| ${row.map(cell).join(' | ')} |`;
  return [line(table.header), line(table.header.map((_, column) => (column === 0 ? '---' : '---:'))), ...table.rows.map(line)].join('\n');
}

/** The report's summary: each figure beside its target. */
export function markdownSummary(measures: readonly Measure[]): string {
  return markdownTable({
    header: ['Measure', 'Figure', 'Target', 'Met'],
    rows: measures.map((measure) => [measure.name, measure.figure, measure.target, measure.met ? 'met' : '**not met**']),
  }).replace(/---:/g, '---');
}

export function markdownMeasure(measure: Measure): string {
  return [`### ${measure.name}`, '', markdownTable(measure.table), '', ...measure.notes.map((note) => `- ${note}`)].join('\n');
}

export interface Machine {
  cpus: number;
  cpuModel: string;
  node: string;
  load: string;
}

/** The machine the figures were measured on; the load average says how busy others kept it. */
export const machine = (): Machine => ({
  cpus: availableParallelism(),
  cpuModel: cpus()[0]?.model.trim() ?? 'unknown',
  node: process.version,
  load: loadavg().map((load) => load.toFixed(2)).join(' '),
});
