import { describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { readStoredResult, type AnalysisResult } from '@civicwatch/core/contracts/index.ts';
import { ToastProvider } from '../../../components/ui/toaster.tsx';
import { createToastStore } from '../../../lib/toast-store.ts';
import { aLevyOrdinanceResult, aResult, aWorkingBudgetResult } from '../../../test/builders.ts';
import { AnalysisResults } from './analysis-results.tsx';
import { DocumentPictures } from './document-pictures.tsx';

function renderPictures(result: AnalysisResult) {
  const user = userEvent.setup();
  render(<DocumentPictures result={readStoredResult(result)!} Heading="h3" />);
  return { user };
}

describe('largest amounts chart', () => {
  it('draws a real budget\'s amounts as bars, largest first, as a table of line items, amounts and pages', () => {
    renderPictures(aWorkingBudgetResult());
    const chart = screen.getByRole('region', { name: 'Largest amounts' });
    const table = within(chart).getByRole('table', { name: 'Largest amounts, largest first, with the page each is quoted from' });
    expect(within(table).getAllByRole('columnheader').map((header) => header.textContent)).toEqual(['Line item', 'Amount']);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getByRole('rowheader').textContent)).toEqual([
      'Total Income', 'Total Expenditures', 'Property Taxes', 'Salaries', 'Income less Expenditures',
    ]);
    // Each amount with its page under it.
    expect(rows.map((row) => within(row).getByRole('cell').textContent)).toEqual(
      ['2,190,384', '2,140,428', '1,941,588', '950,000', '49,956'].map((amount) => `${amount}Sources:Page 2, verified quote`),
    );
    // Bars to scale: the largest fills its track, Salaries is about 43% of it.
    const bar = (row: HTMLElement) => within(row).getByRole('rowheader').querySelector<HTMLElement>('[aria-hidden] > span')!.style.width;
    expect(bar(rows[0]!)).toBe('100%');
    expect(parseFloat(bar(rows[3]!))).toBeCloseTo(43.4, 1);
  });

  it('links each bar to its page: the page mark opens the quote the amount was read from', async () => {
    const { user } = renderPictures(aWorkingBudgetResult());
    const salaries = screen.getByRole('rowheader', { name: 'Salaries' }).closest('tr')!;
    const mark = within(salaries).getByRole('button', { name: 'Page 2, verified quote' });
    mark.focus();
    await user.keyboard('{Enter}');
    const popover = within(await screen.findByRole('dialog'));
    expect(popover.getByText('“Salaries 44.4% 950,000”')).toBeInTheDocument();
    expect(popover.getByText(/Verified: this quote appears on page 2 of the document/)).toBeInTheDocument();
  });

  it('is not drawn for a document with fewer than three amounts', () => {
    renderPictures(aResult());
    expect(screen.queryByRole('region', { name: 'Largest amounts' })).not.toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    // The page strip stands without it.
    expect(screen.getByRole('region', { name: 'Pages the points quote' })).toBeInTheDocument();
  });
});

describe('page strip', () => {
  it('shows every page of the document; the pages quoted open their quotes, counted by the points that quote them', async () => {
    const { user } = renderPictures(aLevyOrdinanceResult());
    const strip = within(screen.getByRole('region', { name: 'Pages the points quote' }));
    expect(strip.getByText('The points quote pages 1–3 of 3.')).toBeInTheDocument();
    const pages = strip.getByRole('group', { name: "The document's 3 pages" });
    // The summary, an insight, an action and four facts quote page 1; two facts page 2; the summary and a fact page 3.
    expect(within(pages).getAllByRole('button')).toHaveLength(3);
    const first = within(pages).getByRole('button', { name: 'Page 1, 7 points' });
    within(pages).getByRole('button', { name: 'Page 2, 2 points' });
    // What the cell shows: its page, and the count in figures.
    expect([...first.querySelectorAll('[aria-hidden]')].map((part) => part.textContent)).toEqual(['1', '7']);

    await user.click(within(pages).getByRole('button', { name: 'Page 3, 2 points' }));
    const popover = within(await screen.findByRole('dialog'));
    // The summary and a fact quote the same words: they are shown once.
    expect(popover.getAllByRole('listitem').map((item) => item.textContent)).toEqual(['“the Ordinance was published on July 23, 2020”']);
    expect(popover.getByText(/Verified: this quote appears on page 3/)).toBeInTheDocument();
  });

  it('leaves the pages no point quotes as plain squares, and stays a few rows for a long document', () => {
    const citations = [
      { section: 'summary' as const, index: 0, page: 4, quote: 'the general fund', verified: true },
      { section: 'keyInsights' as const, index: 0, page: 17, quote: 'roads and bridges', verified: true },
      { section: 'keyInsights' as const, index: 1, page: 480, quote: 'appendix of rates', verified: false },
    ];
    const result = aResult({ facts: [], citations, metadata: { ...aResult().metadata, pages: 500 } });
    renderPictures(result);
    const strip = within(screen.getByRole('region', { name: 'Pages the points quote' }));
    expect(strip.getByText('The points quote pages 4, 17 and 480 of 500.')).toBeInTheDocument();
    expect(strip.getByText(/^Each square is 10 pages; a number counts the points that quote it\./)).toBeInTheDocument();
    const pages = strip.getByRole('group', { name: "The document's 500 pages" });
    expect(pages.children).toHaveLength(50);
    expect(within(pages).getAllByRole('button').map((cell) => cell.getAttribute('title'))).toEqual([
      'Pages 1–10, 1 point', 'Pages 11–20, 1 point', 'Pages 471–480, 1 point',
    ]);
  });

  it('is left out when no point quotes a page', () => {
    renderPictures(aResult({ facts: [], citations: [] }));
    expect(screen.queryByRole('region', { name: 'Pages the points quote' })).not.toBeInTheDocument();
  });
});

describe('pictures in the Analysis Results view', () => {
  it('come after the key facts, once their code has loaded', async () => {
    render(
      <ToastProvider store={createToastStore()}>
        <AnalysisResults
          title="FY21 Working Budget"
          analysisType="summary"
          createdAt="2026-11-22T10:00:00.000Z"
          result={readStoredResult(aWorkingBudgetResult())!}
          statusLabel="Completed just now"
        />
      </ToastProvider>,
    );
    const chart = await screen.findByRole('region', { name: 'Largest amounts' });
    const facts = screen.getByRole('region', { name: 'Key facts' });
    const strip = screen.getByRole('region', { name: 'Pages the points quote' });
    expect(facts.compareDocumentPosition(chart) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(chart.compareDocumentPosition(strip) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(within(chart).getByRole('heading', { level: 4, name: 'Largest amounts' })).toBeInTheDocument();
  });
});
