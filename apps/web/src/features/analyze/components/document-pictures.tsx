import { ChartBar, Files } from 'lucide-react';
import { citationsOf, largestAmounts, listSections, summarySection, type ChartedAmount, type StoredAnalysisResult } from '@civicwatch/core/contracts/index.ts';
import { BarChart } from '../../../components/charts/bar-chart.tsx';
import { cn } from '../../../lib/cn.ts';
import {
  amountsHeading,
  amountsNote,
  pageStrip,
  pagesLabel,
  pointsLabel,
  stripHeading,
  stripLegend,
  stripSentence,
  type StripCell,
} from '../utils/result-pictures.ts';
import { CitationMarks, QuotesPopover, type QuotedSource } from './citation-marks.tsx';
import { ResultCard } from './result-card.tsx';

type Heading = 'h3' | 'h4';

/** The document's largest amounts as bars, each with the page mark of the fact that quotes it. */
function AmountChart({ amounts, Heading }: { amounts: readonly ChartedAmount[]; Heading: Heading }) {
  return (
    <ResultCard label={amountsHeading} icon={ChartBar} Heading={Heading}>
      <p className="mt-1 text-xs text-slate-600">{amountsNote}</p>
      <div className="mt-2">
        <BarChart
          caption={`${amountsHeading}, largest first, with the page each is quoted from`}
          headers={{ label: 'Line item', value: 'Amount' }}
          bars={amounts.map((amount) => ({
            key: String(amount.value),
            label: amount.label,
            value: amount.value,
            valueText: amount.written,
            aside: <CitationMarks citations={[amount.fact]} />,
          }))}
        />
      </div>
    </ResultCard>
  );
}

/** A cell's shade by how many points quote it; the number in it says the same in words. */
const shadeOf = (points: number): string =>
  points >= 4 ? 'border-blue-900 bg-blue-900 text-white' : points >= 2 ? 'border-blue-400 bg-blue-300 text-blue-950' : 'border-blue-300 bg-blue-100 text-blue-950';

function Cell({ cell, sources }: { cell: StripCell; sources: readonly QuotedSource[] }) {
  const box = 'flex h-10 w-8 flex-col items-center justify-center rounded border text-[10px] leading-tight';
  if (cell.points === 0) {
    return (
      <span aria-hidden="true" title={pagesLabel(cell)} className={cn(box, 'border-slate-200 bg-white text-slate-500')}>
        {cell.first}
      </span>
    );
  }
  const name = `${pagesLabel(cell)}, ${pointsLabel(cell.points)}`;
  return (
    <QuotesPopover sources={sources} title={name} className={cn(box, shadeOf(cell.points), 'hover:ring-2 hover:ring-blue-600/40')}>
      <span aria-hidden="true">{cell.first}</span>
      <span aria-hidden="true" className="text-xs font-bold">
        {cell.points}
      </span>
      <span className="sr-only">{name}</span>
    </QuotesPopover>
  );
}

/** Each quote once, however many points rest on it: a fact and a finding often quote the same words. */
const distinct = (sources: readonly QuotedSource[]): QuotedSource[] => {
  const seen = new Set<string>();
  return sources.filter((source) => {
    const key = `${source.page}\u0000${source.verified}\u0000${source.quote}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
};

/** Every page of the document as a cell, in order; the pages the analysis quotes open their quotes. */
function PageStripView({ result, Heading }: { result: StoredAnalysisResult; Heading: Heading }) {
  // The points the results show, each with its quotes: the summary, every finding, every fact.
  const points: QuotedSource[][] = [
    citationsOf(result, summarySection.key),
    ...listSections.flatMap(({ key }) => result[key].map((_, index) => citationsOf(result, key, index))),
    ...result.facts.map((fact) => [fact]),
  ];
  const strip = pageStrip(result.metadata.pages, points);
  if (!strip) return null;
  const sources = distinct(points.flat());
  return (
    <ResultCard label={stripHeading} icon={Files} Heading={Heading}>
      <p className="mt-1 text-sm text-slate-800">{stripSentence(strip)}</p>
      <div role="group" aria-label={`The document's ${strip.pageCount === 1 ? 'page' : `${strip.pageCount} pages`}`} className="mt-3 flex flex-wrap gap-1">
        {strip.cells.map((cell) => (
          <Cell key={cell.first} cell={cell} sources={sources.filter((source) => source.page >= cell.first && source.page <= cell.last)} />
        ))}
      </div>
      <p className="mt-2 text-xs text-slate-600">{stripLegend(strip)} Select a marked square to read its quotes.</p>
    </ResultCard>
  );
}

/**
 * What a result shows as pictures: its largest amounts, when the document has several, and the pages its points
 * quote. Its own module, loaded where a result is shown (see AnalysisResults).
 */
export function DocumentPictures({ result, Heading }: { result: StoredAnalysisResult; Heading: Heading }) {
  const amounts = largestAmounts(result.facts);
  return (
    <>
      {amounts.length > 0 && <AmountChart amounts={amounts} Heading={Heading} />}
      <PageStripView result={result} Heading={Heading} />
    </>
  );
}
