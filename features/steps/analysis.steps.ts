import assert from 'node:assert/strict';
import { Given, Then, When, type DataTable } from '@cucumber/cucumber';
import type { TierId } from '@civicwatch/core';
import { civicPassages } from '@civicwatch/adapters/analysis/language/civic-passages.fixture.ts';
import type { CivicWorld } from '../support/world.ts';
import type { AnalyzeRequest } from '../support/wirings/analyses.ability.ts';
import { corpusPdf, fixtureFile } from '../support/documents.ts';

/** A made-up council ordinance, cut or padded to the length a scenario needs. */
const ORDINANCE = 'ORDINANCE 2024-17. The City Council of Springfield hereby levies a tax of $0.10 per $100 of assessed value '
  + 'for the maintenance of public libraries. The tax shall be collected by the County Treasurer. Any resident may object '
  + 'in writing before the public hearing on June 3, 2024, at City Hall. The Council may not spend the levy on other purposes. ';
const ordinanceOf = (characters: number) => ORDINANCE.repeat(Math.ceil(characters / ORDINANCE.length)).slice(0, characters - 1).trimEnd().padEnd(characters - 1, ' ') + '.';

async function analyse(this: CivicWorld, request: AnalyzeRequest) {
  this.lastOutcome = await this.analyses.analyze(request);
  if (this.lastOutcome.ok) {
    const { analysisId } = this.lastOutcome.value as { analysisId: string };
    this.analysisIds.set(request.title ?? request.pdf?.fileName.replace(/\.pdf$/i, '') ?? 'Text Document', analysisId);
  }
}

const credits = async (world: CivicWorld) => (await world.accounts.currentUser())?.credits;

Given('she is on the {word} plan with {int} credit(s)', async function (this: CivicWorld, plan: string, amount: number) {
  await this.givePlan(this.userId!, plan.toLowerCase() as TierId, amount);
});

Given('she has analysed pasted text titled {string}', async function (this: CivicWorld, title: string) {
  await analyse.call(this, { text: ordinanceOf(400), title });
  assert.ok(this.lastOutcome?.ok, JSON.stringify(this.lastOutcome));
});

When('she analyses the PDF {string}', async function (this: CivicWorld, fileName: string) {
  await analyse.call(this, { pdf: await corpusPdf(fileName) });
});

When(/^she analyses the (?:broken|blank) PDF "([^"]*)"$/, async function (this: CivicWorld, fileName: string) {
  await analyse.call(this, { pdf: await fixtureFile(fileName) });
});

When('she pastes an ordinance for analysis', async function (this: CivicWorld) {
  await analyse.call(this, { text: ordinanceOf(400) });
});

When('she pastes an ordinance written in Spanish for analysis', async function (this: CivicWorld) {
  await analyse.call(this, { text: civicPassages.es });
});

When('she pastes {int} characters of an ordinance for analysis', async function (this: CivicWorld, characters: number) {
  const text = ordinanceOf(characters);
  assert.equal(text.length, characters);
  await analyse.call(this, { text });
});

When('she pastes {string} for analysis', async function (this: CivicWorld, text: string) {
  await analyse.call(this, { text });
});

When('she asks for a state-level analysis for {string} of pasted text', async function (this: CivicWorld, state: string) {
  await analyse.call(this, { text: ordinanceOf(400), country: 'US', state });
});

When('she asks for a custom analysis focused on {string} of pasted text', async function (this: CivicWorld, focus: string) {
  await analyse.call(this, { text: ordinanceOf(400), analysisType: 'custom', customPrompt: focus });
});

When('she asks for a custom analysis focused on {string} of the PDF {string} for the state {string}', async function (this: CivicWorld, focus: string, fileName: string, state: string) {
  await analyse.call(this, { pdf: await corpusPdf(fileName), analysisType: 'custom', customPrompt: focus, country: 'US', state });
});

When('she deletes the analysis {string}', async function (this: CivicWorld, title: string) {
  this.lastOutcome = await this.analyses.remove(this.analysisIds.get(title)!);
  assert.ok(this.lastOutcome.ok, JSON.stringify(this.lastOutcome));
});

Then('the analysis is complete', function (this: CivicWorld) {
  assert.ok(this.lastOutcome?.ok, `expected a result, got ${JSON.stringify(this.lastOutcome)}`);
  const result = this.lastOutcome.value as { summary: string; analysisId: string };
  assert.ok(result.summary.length > 0);
  assert.match(result.analysisId, /^[0-9a-f-]{36}$/);
});

const metadataOf = (world: CivicWorld) => {
  assert.ok(world.lastOutcome?.ok, `expected a result, got ${JSON.stringify(world.lastOutcome)}`);
  return (world.lastOutcome.value as { metadata: { language: { name: string } | null; warnings: string[] } }).metadata;
};

Then('the analysis names the document\'s language: {string}', function (this: CivicWorld, name: string) {
  assert.equal(metadataOf(this).language?.name, name);
});

Then('the analysis warns: {string}', function (this: CivicWorld, warning: string) {
  assert.deepEqual(metadataOf(this).warnings, [warning]);
});

Then('the analysis carries no warning', function (this: CivicWorld) {
  assert.deepEqual(metadataOf(this).warnings, []);
});

const refusedWith = (code: string | null) => function (this: CivicWorld, message: string) {
  assert.ok(this.lastOutcome && !this.lastOutcome.ok, `expected a refusal, got ${JSON.stringify(this.lastOutcome)}`);
  if (code) assert.equal(this.lastOutcome.code, code);
  assert.equal(this.lastOutcome.message, message);
};
Then('the analysis is refused with {string}', refusedWith(null));
Then('the analysis is refused for lack of credits: {string}', refusedWith('credits.insufficient'));
Then('the analysis is refused for her plan: {string}', refusedWith('tier.feature_unavailable'));
Then('the text is refused as over her plan\'s limit: {string}', refusedWith('document.too_many_characters'));
Then('the PDF is refused as over her plan\'s page limit: {string}', refusedWith('document.too_many_pages'));

Then('the analysis is refused because the PDF cannot be read', function (this: CivicWorld) {
  assert.ok(this.lastOutcome && !this.lastOutcome.ok, `expected a refusal, got ${JSON.stringify(this.lastOutcome)}`);
  assert.equal(this.lastOutcome.code, 'document.corrupt');
});

Then('the analysis fails because no text could be read', function (this: CivicWorld) {
  assert.ok(this.lastOutcome && !this.lastOutcome.ok, `expected a failure, got ${JSON.stringify(this.lastOutcome)}`);
  assert.equal(this.lastOutcome.code, 'document.empty');
});

Then('no credit was taken for it', async function (this: CivicWorld) {
  const rows = await this.accounts.creditHistory(this.userId!);
  assert.deepEqual(rows.filter((r) => r.reason === 'analysis_debit'), [], JSON.stringify(rows));
});

Then('she has {int} credit(s)', async function (this: CivicWorld, expected: number) {
  assert.equal(await credits(this), expected);
});
Then('she still has {int} credit(s)', async function (this: CivicWorld, expected: number) {
  assert.equal(await credits(this), expected);
});

Then('her credit history reads:', async function (this: CivicWorld, table: DataTable) {
  const rows = await this.accounts.creditHistory(this.userId!);
  assert.deepEqual(rows.map((r) => [r.reason, String(r.delta), String(r.balanceAfter)]), table.rows());
});

Then('her credit history shows the refund of that analysis', async function (this: CivicWorld) {
  const rows = await this.accounts.creditHistory(this.userId!);
  const debit = rows.find((r) => r.reason === 'analysis_debit');
  const refund = rows.find((r) => r.reason === 'analysis_refund');
  assert.ok(debit && refund, JSON.stringify(rows));
  assert.equal(refund.reference, debit.reference);
});

Then(/^(?:her|his) analyses list shows "([^"]*)" as (a PDF|text)$/, async function (this: CivicWorld, title: string, kind: string) {
  const list = await this.analyses.list();
  assert.ok(list.ok, JSON.stringify(list));
  const found = list.value.items.find((a) => a.document.title === title);
  assert.ok(found, `no "${title}" in ${JSON.stringify(list.value.items.map((a) => a.document.title))}`);
  assert.equal(found.document.type, kind === 'a PDF' ? 'pdf' : 'text');
});

Then(/^(?:her|his) analyses list is empty$/, async function (this: CivicWorld) {
  const list = await this.analyses.list();
  assert.ok(list.ok, JSON.stringify(list));
  assert.deepEqual([list.value.total, list.value.items], [0, []]);
});

Then('he cannot open the analysis {string}', async function (this: CivicWorld, title: string) {
  const outcome = await this.analyses.open(this.analysisIds.get(title)!);
  assert.ok(!outcome.ok);
  assert.equal(outcome.code, 'analysis.not_found');
});

Then('he cannot delete the analysis {string}', async function (this: CivicWorld, title: string) {
  const outcome = await this.analyses.remove(this.analysisIds.get(title)!);
  assert.ok(!outcome.ok);
  assert.equal(outcome.code, 'analysis.not_found');
});

Then('she can open the analysis {string}', async function (this: CivicWorld, title: string) {
  const outcome = await this.analyses.open(this.analysisIds.get(title)!);
  assert.ok(outcome.ok, JSON.stringify(outcome));
  assert.equal(outcome.value.document.title, title);
});
