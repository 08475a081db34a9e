import assert from 'node:assert/strict';
import { Given, Then, When } from '@cucumber/cucumber';
import type { ShareLinkView } from '@civicwatch/core';
import type { CivicWorld } from '../support/world.ts';

/** A link given out, with the result its owner saw when she shared it. */
interface GivenLink { link: ShareLinkView; result: Record<string, unknown> }

/** Each scenario's links (a World lives for one scenario), oldest first, by the title of the analysis they open. */
const linksOf = new WeakMap<CivicWorld, Map<string, GivenLink[]>>();
const given = (world: CivicWorld, title: string): GivenLink[] => {
  let links = linksOf.get(world);
  if (!links) linksOf.set(world, (links = new Map()));
  if (!links.has(title)) links.set(title, []);
  return links.get(title)!;
};
const latest = (world: CivicWorld, title: string): GivenLink => {
  const link = given(world, title).at(-1);
  if (!link) throw new Error(`"${title}" has not been shared in this scenario`);
  return link;
};

const analysisId = (world: CivicWorld, title: string): string => {
  const id = world.analysisIds.get(title);
  if (!id) throw new Error(`No analysis "${title}" was made in this scenario`);
  return id;
};

async function share(this: CivicWorld, title: string) {
  const outcome = await this.sharing.share(analysisId(this, title));
  assert.ok(outcome.ok, JSON.stringify(outcome));
  const own = await this.analyses.open(analysisId(this, title));
  assert.ok(own.ok, JSON.stringify(own));
  given(this, title).push({ link: outcome.value, result: own.value.result });
}
Given('she has shared the analysis {string}', share);
When('she shares the analysis {string}', share);
When('she shares the analysis {string} again', share);

When('she stops sharing the analysis {string}', async function (this: CivicWorld, title: string) {
  const outcome = await this.sharing.unshare(analysisId(this, title));
  assert.ok(outcome.ok, JSON.stringify(outcome));
});

const lastTwo = (world: CivicWorld, title: string): [ShareLinkView, ShareLinkView] => {
  const links = given(world, title);
  assert.ok(links.length >= 2, `"${title}" was shared ${links.length} time(s)`);
  return [links.at(-2)!.link, links.at(-1)!.link];
};

Then('the link of {string} is the one she got before', function (this: CivicWorld, title: string) {
  const [before, now] = lastTwo(this, title);
  assert.deepEqual(now, before);
});

Then('the link of {string} is a new one', function (this: CivicWorld, title: string) {
  const [before, now] = lastTwo(this, title);
  assert.notEqual(now.token, before.token);
  assert.notEqual(now.url, before.url);
});

Then('her analysis {string} shows its link', async function (this: CivicWorld, title: string) {
  const outcome = await this.analyses.open(analysisId(this, title));
  assert.ok(outcome.ok, JSON.stringify(outcome));
  assert.equal(outcome.value.shareUrl, latest(this, title).link.url);
});

Then('her analysis {string} is not shared', async function (this: CivicWorld, title: string) {
  const outcome = await this.analyses.open(analysisId(this, title));
  assert.ok(outcome.ok, JSON.stringify(outcome));
  assert.equal(outcome.value.shareUrl, null);
});

/** A visitor in a browser of her own, signed out, following the latest link: its token ends its address. */
const followLink = (world: CivicWorld, title: string) => {
  const { link } = latest(world, title);
  assert.equal(link.url, `${world.runtime.config.publicUrl}/shared/${link.token}`);
  return world.newCitizen().sharing.openShared(link.token);
};

Then('a visitor who is not signed in can read the analysis {string} through its link', async function (this: CivicWorld, title: string) {
  const outcome = await followLink(this, title);
  assert.ok(outcome.ok, JSON.stringify(outcome));
  assert.deepEqual(outcome.value.result, latest(this, title).result);
  this.lastOutcome = outcome;
});

Then('the shared analysis shows neither her name, her e-mail nor the title {string}', function (this: CivicWorld, title: string) {
  assert.ok(this.lastOutcome?.ok, JSON.stringify(this.lastOutcome));
  const text = JSON.stringify(this.lastOutcome.value);
  for (const personal of ['Rosa', this.emails.get('Rosa')!, this.people.get('Rosa')!, title]) {
    assert.ok(!text.includes(personal), `the shared analysis shows ${personal}`);
  }
});

Then('a visitor following the link of {string} is told {string}', async function (this: CivicWorld, title: string, message: string) {
  const outcome = await followLink(this, title);
  assert.ok(!outcome.ok, JSON.stringify(outcome));
  assert.equal(outcome.code, 'share.not_found');
  assert.equal(outcome.message, message);
});

Then('he cannot share the analysis {string}', async function (this: CivicWorld, title: string) {
  const outcome = await this.sharing.share(analysisId(this, title));
  assert.ok(!outcome.ok, JSON.stringify(outcome));
  assert.equal(outcome.code, 'analysis.not_found');
});

Then('he cannot stop sharing the analysis {string}', async function (this: CivicWorld, title: string) {
  const outcome = await this.sharing.unshare(analysisId(this, title));
  assert.ok(!outcome.ok, JSON.stringify(outcome));
  assert.equal(outcome.code, 'analysis.not_found');
});
