import assert from 'node:assert/strict';
import { Then, When } from '@cucumber/cucumber';
import { TextExtractor, type CompareResponse, type ComparisonResult } from '@civicwatch/core';
import type { CivicWorld } from '../support/world.ts';
import type { CompareRequest, UploadedPdf } from '../support/wirings/analyses.ability.ts';
import { corpusPdf, fixtureFile } from '../support/documents.ts';

/** The text of the versions each scenario compared, to look for in what the product stored. */
const comparedTexts = new WeakMap<CivicWorld, string[]>();

/** A PDF's text as the product reads it, for a later version pasted from it or a look through what was stored. */
const textOf = async (world: CivicWorld, pdf: UploadedPdf): Promise<string> => {
  const pages = await world.runtime.container.get<TextExtractor>(TextExtractor).extract(pdf.bytes);
  if (!pages.ok) throw new Error(`${pdf.fileName}: ${pages.error.message}`);
  return pages.value.pages.map((p) => p.text).join('\n\n');
};

async function compare(this: CivicWorld, request: CompareRequest, texts: string[]) {
  comparedTexts.set(this, texts);
  this.lastOutcome = await this.analyses.compare(request);
  if (this.lastOutcome.ok) {
    const { analysisId } = this.lastOutcome.value as CompareResponse;
    const later = request.after;
    this.analysisIds.set(request.afterTitle ?? (later && 'pdf' in later ? later.pdf.fileName.replace(/\.pdf$/i, '') : 'Text Document'), analysisId);
  }
}

When('she pastes the text of {string} as the earlier version, and as the later its text corrected, titled {string}, in which {string} became {string}',
  async function (this: CivicWorld, fileName: string, title: string, was: string, becomes: string) {
    const text = await textOf(this, await corpusPdf(fileName));
    assert.ok(text.includes(was), `"${was}" is not in ${fileName}`);
    const corrected = text.replace(was, becomes);
    await compare.call(this, { before: { text }, after: { text: corrected }, afterTitle: title }, [text, corrected]);
  });

When('she compares the PDF {string} with the PDF {string}', async function (this: CivicWorld, earlierName: string, laterName: string) {
  const [earlier, later] = [await corpusPdf(earlierName), await corpusPdf(laterName)];
  await compare.call(this, { before: { pdf: earlier }, after: { pdf: later } }, [await textOf(this, earlier), await textOf(this, later)]);
});

When('she compares the PDF {string} with {string}, an image named as a PDF', async function (this: CivicWorld, earlierName: string, imageName: string) {
  const image = await fixtureFile(imageName);
  const earlier = await corpusPdf(earlierName);
  await compare.call(this, { before: { pdf: earlier }, after: { pdf: { ...image, fileName: imageName.replace(/\.\w+$/, '.pdf') } } }, [await textOf(this, earlier)]);
});

When(/^she compares the PDF "([^"]*)" with the (?:broken|blank) PDF "([^"]*)"$/, async function (this: CivicWorld, earlierName: string, brokenName: string) {
  const earlier = await corpusPdf(earlierName);
  await compare.call(this, { before: { pdf: earlier }, after: { pdf: await fixtureFile(brokenName) } }, [await textOf(this, earlier)]);
});

const comparisonOf = (world: CivicWorld): CompareResponse => {
  assert.ok(world.lastOutcome?.ok, `expected a comparison, got ${JSON.stringify(world.lastOutcome)}`);
  return world.lastOutcome.value as CompareResponse;
};

Then('the comparison lists one change: the date {string} became {string}, each quoted from its version', function (this: CivicWorld, was: string, becomes: string) {
  const { changes, metadata } = comparisonOf(this);
  assert.equal(changes.length, 1, JSON.stringify(changes));
  const [change] = changes;
  assert.equal(change!.type, 'date');
  assert.ok(change!.statement.includes(`from ${was} to ${becomes}`), change!.statement);
  assert.ok(change!.before?.verified && change!.before.quote.includes(was), JSON.stringify(change));
  assert.ok(change!.after?.verified && change!.after.quote.includes(becomes), JSON.stringify(change));
  assert.equal(metadata.related, true);
});

Then('the comparison says first: {string}', function (this: CivicWorld, opening: string) {
  const comparison = comparisonOf(this);
  assert.ok(comparison.summary.startsWith(opening), comparison.summary);
  assert.equal(comparison.metadata.related, false);
});

const refusedWith = (code: string) => function (this: CivicWorld, message: string) {
  assert.ok(this.lastOutcome && !this.lastOutcome.ok, `expected a refusal, got ${JSON.stringify(this.lastOutcome)}`);
  assert.deepEqual([this.lastOutcome.code, this.lastOutcome.message], [code, message]);
};
Then('the comparison is refused for her plan: {string}', refusedWith('tier.feature_unavailable'));
Then('the comparison is refused for lack of credits: {string}', refusedWith('credits.insufficient'));
Then('the comparison is refused as not a PDF: {string}', refusedWith('document.not_pdf'));

Then(/^the comparison (?:is refused|fails) because the later version (cannot be read|has no text)$/, function (this: CivicWorld, why: string) {
  assert.ok(this.lastOutcome && !this.lastOutcome.ok, `expected a failure, got ${JSON.stringify(this.lastOutcome)}`);
  assert.equal(this.lastOutcome.code, why === 'cannot be read' ? 'document.corrupt' : 'document.empty');
  assert.match(this.lastOutcome.message, /^Later version: /);
});

Then(/^(?:her|his) analyses list shows "([^"]*)" as a comparison$/, async function (this: CivicWorld, title: string) {
  const list = await this.analyses.list();
  assert.ok(list.ok, JSON.stringify(list));
  const found = list.value.items.find((a) => a.document.title === title);
  assert.ok(found, `no "${title}" in ${JSON.stringify(list.value.items.map((a) => a.document.title))}`);
  assert.equal(found.analysisType, 'comparison');
});

Then('she can open the comparison {string} with its change', async function (this: CivicWorld, title: string) {
  const outcome = await this.analyses.open(this.analysisIds.get(title)!);
  assert.ok(outcome.ok, JSON.stringify(outcome));
  assert.equal(outcome.value.analysisType, 'comparison');
  const stored = outcome.value.result as ComparisonResult;
  assert.deepEqual(stored.changes, comparisonOf(this).changes);
});

/** What a stored row says, its strings with their spaces collapsed as extraction's line breaks are. */
const wordsOf = (value: unknown): string[] => {
  if (typeof value === 'string') return [value.replace(/\s+/g, ' ')];
  if (Array.isArray(value)) return value.flatMap(wordsOf);
  if (value && typeof value === 'object') return Object.values(value).flatMap(wordsOf);
  return [];
};

/**
 * Sentences of a version (long enough to be the document's own, not a heading) that a stored row repeats outside
 * a quote it cites. The privacy promise keeps the result, its own words and the short quotes its changes rest on.
 */
const uncitedSentences = (text: string, stored: string[], quotes: string[]): string[] =>
  text.split(/(?<=\.)\s+(?=[A-Z])/).map((s) => s.replace(/\s+/g, ' ').trim())
    .filter((sentence) => sentence.length >= 40 && stored.some((s) => s.includes(sentence)) && !quotes.some((q) => q.includes(sentence)));

const pendingRows = (world: CivicWorld) => world.runtime.database.orm.em.fork().execute<Array<{ id: string }>>('select id from pending_analyses');

Then('neither version is kept, only the comparison', async function (this: CivicWorld) {
  assert.deepEqual(await pendingRows(this), []);
  const rows = await this.runtime.database.orm.em.fork().execute<Array<Record<string, unknown>>>('select * from analyses where user_id = ?', [this.userId]);
  assert.equal(rows.length, 1);
  assert.deepEqual(Object.keys(rows[0]!).sort(), ['analysis_type', 'created_at', 'document_type', 'id', 'language', 'result', 'share_token', 'shared_at', 'summary_start', 'title', 'user_id']);
  const { changes } = comparisonOf(this);
  const quotes = changes.flatMap((c) => [c.before?.quote, c.after?.quote]).filter((q): q is string => q !== undefined).map((q) => q.replace(/\s+/g, ' '));
  const stored = wordsOf(rows[0]);
  for (const text of comparedTexts.get(this) ?? []) assert.deepEqual(uncitedSentences(text, stored, quotes), []);
});

Then('neither version is kept', async function (this: CivicWorld) {
  assert.deepEqual(await pendingRows(this), []);
  const rows = await this.runtime.database.orm.em.fork().execute<Array<{ id: string }>>('select id from analyses where user_id = ?', [this.userId]);
  assert.deepEqual(rows, []);
});
