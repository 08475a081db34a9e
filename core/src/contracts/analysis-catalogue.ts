/**
 * What an analysis can say about a document beyond the spec's lists: the kind of document it is and the
 * types of fact found in it, with the groups a reader sees them in. Every reader (web, PDF report, command
 * line, shared page) and every analyzer takes these names and labels from here.
 */

/** Resolutions count as ordinances; a packet is a bundle of several documents of other kinds. */
export const documentKinds = [
  'minutes', 'agenda', 'ordinance', 'bill', 'budget', 'rule', 'decision', 'transcript', 'notice', 'report',
  'table', 'vote-record', 'plan', 'packet',
] as const;
export type DocumentKind = (typeof documentKinds)[number];

const KIND_LABELS: Record<DocumentKind, string> = {
  minutes: 'Meeting minutes',
  agenda: 'Meeting agenda',
  ordinance: 'Ordinance or resolution',
  bill: 'Bill',
  budget: 'Budget',
  rule: 'Rule or regulation',
  decision: 'Decision',
  transcript: 'Transcript',
  notice: 'Public notice',
  report: 'Report',
  table: 'Table of figures',
  'vote-record': 'Vote record',
  plan: 'Plan',
  packet: 'Meeting packet',
};

/** The kind as every reader names it; "Not determined" when no kind was found. */
export const documentKindLabel = (kind: DocumentKind | null): string => (kind ? KIND_LABELS[kind] : 'Not determined');

export const factTypes = [
  'decision', 'vote', 'amendment', 'party-outcome', 'amount', 'rate', 'date', 'deadline', 'penalty', 'affected',
  'participation',
] as const;
export type FactType = (typeof factTypes)[number];

/** How facts are grouped for a reader, in the order they are shown; every fact type is in one group. */
export const factGroups: ReadonlyArray<{ key: string; label: string; types: readonly FactType[] }> = [
  { key: 'decisions', label: 'Decisions and votes', types: ['decision', 'vote', 'amendment', 'party-outcome'] },
  { key: 'money', label: 'Money', types: ['amount', 'rate'] },
  { key: 'dates', label: 'Dates and deadlines', types: ['date', 'deadline'] },
  { key: 'obligations', label: 'Who is affected and penalties', types: ['affected', 'penalty'] },
  { key: 'participation', label: 'How to take part', types: ['participation'] },
];

/** Facts sorted into their groups, groups without a fact left out, the facts' order kept within a group. */
export const groupFacts = <F extends { type: FactType }>(facts: readonly F[]): Array<{ key: string; label: string; facts: F[] }> =>
  factGroups
    .map((group) => ({ key: group.key, label: group.label, facts: facts.filter((f) => group.types.includes(f.type)) }))
    .filter((group) => group.facts.length > 0);
