import type { SettingKey } from './prompt-settings.ts';

/**
 * What an analysis is and says, named once: the analysis types a citizen chooses from, the parts of a result
 * (the spec's summary and lists), the kind of document it is and the types of fact found in it, with the
 * groups a reader sees them in. Every reader (web, PDF report, command line, shared page), the contracts and
 * every analyzer take these names, labels and limits from here, so that adding a part or a type starts here.
 */

/**
 * The analysis types (docs/product/screens.md "Analyze page"): `label` and `description` are the spec's words, `promptKey`
 * the administrator's prompt an analysis runs with (docs/product/analysis.md "Analysis types"; Citizen's prompt is federal-level only,
 * docs/product/README.md), `paidOnly` whether the Citizen tier is refused it.
 */
export const analysisTypes = [
  {
    key: 'summary',
    label: 'Summary',
    description: 'Key points and citizen impact',
    promptKey: { free: 'summary_prompt', paid: 'summary_prompt' },
    paidOnly: false,
  },
  {
    key: 'constitutional',
    label: 'Constitutional Check',
    description: 'Legal and constitutional analysis',
    promptKey: { free: 'free_user_prompt', paid: 'paid_user_prompt' },
    paidOnly: false,
  },
  {
    key: 'custom',
    label: 'Custom Watchdog',
    description: 'Specific oversight focus',
    promptKey: { free: 'free_user_prompt', paid: 'paid_user_prompt' },
    paidOnly: true,
  },
] as const satisfies ReadonlyArray<{
  key: string;
  label: string;
  description: string;
  promptKey: Readonly<Record<'free' | 'paid', SettingKey>>;
  paidOnly: boolean;
}>;
type AnalysisTypeKey = (typeof analysisTypes)[number]['key'];
export const analysisTypeKeys = analysisTypes.map((type) => type.key);
export type AnalysisTypeEntry = (typeof analysisTypes)[number];

export const analysisTypeOf = (key: AnalysisTypeKey): AnalysisTypeEntry => analysisTypes.find((type) => type.key === key)!;

/** How the history names an entry: its analysis type's label, or "Version comparison". */
export const historyTypeLabel = (key: AnalysisTypeKey | 'comparison'): string =>
  key === 'comparison' ? 'Version comparison' : analysisTypeOf(key).label;

/** The summary, first part of every result: `reportLabel` is its heading in the PDF report (docs/product/analysis.md "PDF report"). */
export const summarySection = {
  key: 'summary',
  label: 'Summary',
  reportLabel: 'Executive Summary',
  empty: 'No summary was produced for this document.',
} as const;

/**
 * The lists of a result (docs/product/analysis.md "Result fields"), in the order every reader shows them: `label` and `empty` are the screens'
 * words, `maxItems` the longest list a result keeps (a citizen reads a result, not a dump of every finding),
 * `inReport` whether the PDF report shows the list always, only when it has items, or never (docs/product/analysis.md "PDF report").
 */
export const listSections = [
  { key: 'keyInsights', label: 'Key Insights', empty: 'No key insights were identified.', maxItems: 8, inReport: 'always' },
  { key: 'constitutionalIssues', label: 'Constitutional Issues', empty: 'No constitutional issues were identified.', maxItems: 6, inReport: 'when-any' },
  { key: 'citizenAction', label: 'Recommended Citizen Actions', empty: 'No actions were recommended.', maxItems: 6, inReport: 'when-any' },
  { key: 'legalRisks', label: 'Legal Risks', empty: 'No legal risks were identified.', maxItems: 6, inReport: 'never' },
] as const satisfies ReadonlyArray<{ key: string; label: string; empty: string; maxItems: number; inReport: 'always' | 'when-any' | 'never' }>;
export type ListSectionKey = (typeof listSections)[number]['key'];
export type ListSectionEntry = (typeof listSections)[number];
export const listSectionKeys = listSections.map((section) => section.key);

/** One value per list of a result, made by `make`: the lists of a draft, their schemas, their counters. */
export const perListSection = <T>(make: (key: ListSectionKey) => T): Record<ListSectionKey, T> =>
  Object.fromEntries(listSectionKeys.map((key) => [key, make(key)])) as Record<ListSectionKey, T>;

/** The heading of a result's facts, on every reader. */
export const factsLabel = 'Key facts';

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
  'participation', 'count',
] as const;
export type FactType = (typeof factTypes)[number];

/** How facts are grouped for a reader, in the order they are shown; every fact type is in one group. */
export const factGroups: ReadonlyArray<{ key: string; label: string; types: readonly FactType[] }> = [
  { key: 'decisions', label: 'Decisions and votes', types: ['decision', 'vote', 'amendment', 'party-outcome'] },
  { key: 'money', label: 'Money', types: ['amount', 'rate'] },
  // Totals and counts that are not money: background checks, arrests, workers laid off, entries of a listing.
  { key: 'figures', label: 'Figures', types: ['count'] },
  { key: 'dates', label: 'Dates and deadlines', types: ['date', 'deadline'] },
  { key: 'obligations', label: 'Who is affected and penalties', types: ['affected', 'penalty'] },
  { key: 'participation', label: 'How to take part', types: ['participation'] },
];

/** Facts sorted into their groups, groups without a fact left out, the facts' order kept within a group. */
export const groupFacts = <F extends { type: FactType }>(facts: readonly F[]): Array<{ key: string; label: string; facts: F[] }> =>
  factGroups
    .map((group) => ({ key: group.key, label: group.label, facts: facts.filter((f) => group.types.includes(f.type)) }))
    .filter((group) => group.facts.length > 0);

/**
 * The kinds of change a comparison of two versions tells (ADR 0022), with the label every reader shows: a sum,
 * a date or another figure that changed, a line or passage one version has and the other lacks, words changed.
 */
export const changeTypes = ['amount', 'date', 'number', 'added', 'removed', 'reworded'] as const;
export type ChangeType = (typeof changeTypes)[number];
export const changeTypeLabels: Record<ChangeType, string> = {
  amount: 'Amount',
  date: 'Date',
  number: 'Figure',
  added: 'Added',
  removed: 'Removed',
  reworded: 'Wording',
};
/** A comparison in the history, beside the analysis types: its label and its empty state. */
export const comparisonEntry = {
  key: 'comparison',
  changesLabel: 'What changed',
  empty: 'No substantive change: the two versions say the same thing.',
} as const;

/** The two versions of a comparison, as every reader names them. */
export const versionSides = ['earlier', 'later'] as const;
export type VersionSide = (typeof versionSides)[number];
export const versionLabels: Record<VersionSide, string> = { earlier: 'Earlier version', later: 'Later version' };
