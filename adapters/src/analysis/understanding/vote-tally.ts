import { WORD_END as END, WORD_START as START, stripTitles } from './wording.ts';

/**
 * How a vote came out, as minutes and decisions write it: a count ("carried 6-0", "by a vote of 5 to 2"), a roll
 * call ("Ayes: Smith, Jones, Lee. Nays: Park."), counts by side ("19 votes cast for and 17 against", "par 15 voix
 * « Pour » et 1 « Contre »", "8 votos a favor, 2 en contra") or a word ("unanimously", "à l'unanimité", "por
 * unanimidad"). English, French and Spanish.
 */
export interface Tally {
  /** Votes for and against; null when the text gives no count. */
  for: number | null;
  against: number | null;
  abstain: number;
  unanimous: boolean;
  majority: boolean;
  /** The words the tally was read from (the first of them when a roll call spans lines), and where they start. */
  text: string;
  index: number;
}


/** Words of a phrase may wrap onto the next line: "décide à / l'unanimité". */
const phrase = (words: string): string => words.replace(/ /g, '\\s{1,3}');

const UNANIMOUS = new RegExp(
  `${START}(?:${phrase("unanimous(?:ly)?|unanimity|all (?:ayes|in favou?r)|without (?:objection|dissent)|à l['’]unanimité|unanimement|por unanimidad|unánime(?:mente)?")}|(?:ayes?|yeas?)\\s?[:–—-]\\s?all)${END}`,
  'iu',
);
const MAJORITY = new RegExp(`${START}${phrase('(?:à la majorité|por mayoría|by (?:a )?majority)')}${END}`, 'iu');

// "carried 6-0", "passed by a vote of 5 to 2", "approved 4-1-1": a count follows a word of voting with no other
// figure between them, and is no date ("11-12-2019") or fraction.
const COUNT = new RegExp(
  `${START}(?:votes?d?|carried|passed|approved|adopted|failed|defeated|motion|unanimously|roll[- ]call)${END}[^.\\n\\d]{0,25}?\\(?(\\d{1,2})\\s?(?:-|–|—|to)\\s?(\\d{1,2})(?:\\s?(?:-|–|—)\\s?(\\d{1,2}))?\\)?(?![\\d/-]|\\.\\d)|${START}(\\d{1,2})\\s?(?:-|–|—)\\s?(\\d{1,2})\\s(?:vote|roll[- ]call)${END}`,
  'iu',
);

const NUMBERED_THING = /(?:resolution|ordinance|bill|item|case|file|no\.?|number|section|#)\s*$/i;

type Side = 'for' | 'against' | 'abstain' | 'absent';

// Roll calls label each side, then name its voters or count them: "Ayes – DuRocher, Lezon", "NOES: None",
// "Pour : 10", "Ayes (5):". "No" alone is not a label: "No. 07-1315" is a case number.
const LABELS: ReadonlyArray<[Side, string]> = [
  ['for', 'ayes?|yeas?|yes|in favou?r|pour|a favor|votos a favor'],
  ['against', 'nays?|noes|no votes?|opposed|contre|en contra|votos en contra'],
  ['abstain', 'abstain(?:ed|ing|s)?|abstentions?|abstenci(?:ón|ones)|recused'],
  ['absent', 'absent|ausentes?'],
];
const LABEL = new RegExp(
  `${START}(${LABELS.map(([, words]) => `(?:${words})`).join('|')})\\s?(?:\\((\\d{1,2})\\)\\s?)?[:–—-]\\s?`,
  'giu',
);

// Counts written before their side: "19 votes cast for and 17 against", "15 voix « Pour » et 1 « Contre »",
// "8 votos a favor, 2 en contra, 1 abstención".
const COUNTED: ReadonlyArray<[Side, RegExp]> = [
  ['for', new RegExp(`${START}(\\d{1,3})\\s(?:votes?\\s(?:cast\\s)?(?:for|in favou?r)|voix\\s?(?:«\\s?)?pour|votos?\\sa favor)${END}`, 'iu')],
  ['against', new RegExp(`${START}(\\d{1,3})\\s(?:(?:votes?\\s)?(?:cast\\s)?against|(?:voix\\s?)?(?:«\\s?)?contre|(?:votos?\\s)?en contra)${END}`, 'iu')],
  ['abstain', new RegExp(`${START}(\\d{1,3})\\s(?:abstentions?|abstenci(?:ón|ones)|abstained)${END}`, 'iu')],
];

const sideOf = (label: string): Side =>
  LABELS.find(([, words]) => new RegExp(`^(?:${words})$`, 'iu').test(label))?.[0] ?? 'for';

const NOBODY = /^(?:none|nobody|no one|zero|0|aucun\w*|ningun\w*|nadie|n\/a|-)\b/i;

/** How many voters a roll-call side names: "Trustees DuRocher, Picha and Warren" is 3, "none" is 0. */
export const countNamed = (value: string): number | 'all' | null => {
  const text = value.trim();
  if (text === '') return null;
  if (/^all\b/i.test(text)) return 'all';
  if (NOBODY.test(text)) return 0;
  const number = /^(\d{1,3})\b/.exec(text);
  if (number) return Number(number[1]);
  return text
    .split(/,|;|&|\band\b|\bet\b|\by\b/iu)
    .map(stripTitles)
    .filter((part) => /\p{L}/u.test(part)).length;
};

/** Where a roll-call side's list ends: at a line end, a semicolon, or a full stop that ends no initial ("B. Munro"). */
const listEnd = (text: string, from: number): number => {
  const slice = text.slice(from, from + 300);
  let end = slice.search(/\n|;/);
  if (end < 0) end = slice.length;
  // A list broken over two lines ends its first line with a comma.
  if (slice[end] === '\n' && /,\s*$/.test(slice.slice(0, end))) {
    const next = slice.slice(end + 1).search(/\n|;/);
    end = next < 0 ? slice.length : end + 1 + next;
  }
  const stop = /(?<![\s.][A-Z])\.(?:\s|$)/.exec(slice.slice(0, end));
  return from + (stop ? stop.index : end);
};

const rollCall = (text: string): Omit<Tally, 'majority'> | null => {
  const counts: Partial<Record<Side, number>> = {};
  let unanimous = false;
  let first: { text: string; index: number } | null = null;
  let previousEnd = -1;
  for (const m of text.matchAll(LABEL)) {
    // One roll call is a run of labels close together; a second "Ayes" starts another vote.
    const side = sideOf(m[1]!);
    // A roll call opens with its ayes: an attendance list ("ABSENT: Trustee Lee") before it is no vote.
    if (!first && side !== 'for') continue;
    if (first && (side in counts || m.index - previousEnd > 200)) break;
    const valueStart = m.index + m[0].length;
    const valueEnd = m[2] !== undefined ? valueStart : listEnd(text, valueStart);
    const named = m[2] !== undefined ? Number(m[2]) : countNamed(text.slice(valueStart, valueEnd));
    if (named === null) continue;
    if (named === 'all') {
      if (side !== 'for') continue;
      unanimous = true;
    } else counts[side] = named;
    if (!first) first = { text: text.slice(m.index, Math.max(valueEnd, valueStart)).trim(), index: m.index };
    previousEnd = Math.max(valueEnd, valueStart);
  }
  if (!first || (counts.for === undefined && !unanimous)) return null;
  return {
    for: counts.for ?? null,
    against: counts.for === undefined ? null : (counts.against ?? 0),
    abstain: counts.abstain ?? 0,
    unanimous: unanimous || (counts.for !== undefined && counts.for > 0 && !counts.against),
    ...first,
  };
};

const counted = (text: string): Omit<Tally, 'majority'> | null => {
  const found: Partial<Record<Side, RegExpExecArray>> = {};
  for (const [side, re] of COUNTED) {
    const m = re.exec(text);
    if (m) found[side] = m;
  }
  const yes = found.for;
  if (!yes) return null;
  // "against" counts only next to a count for: "17 against" alone may be anything.
  const no = found.against && Math.abs(found.against.index - yes.index) < 80 ? found.against : undefined;
  const end = Math.max(...[yes, no].filter((m): m is RegExpExecArray => m !== undefined).map((m) => m.index + m[0].length));
  return {
    for: Number(yes[1]),
    against: no ? Number(no[1]) : 0,
    abstain: found.abstain ? Number(found.abstain[1]) : 0,
    unanimous: false,
    text: text.slice(Math.min(yes.index, no?.index ?? yes.index), end),
    index: Math.min(yes.index, no?.index ?? yes.index),
  };
};

/** The first tally written in `text`, or null when it states none. */
export const findTally = (text: string): Tally | null => {
  const majority = MAJORITY.exec(text);
  const unanimous = UNANIMOUS.exec(text);
  const found = COUNT.exec(text);
  // "approved Resolution 20-15" names a resolution, not a vote.
  const count = found && !NUMBERED_THING.test(found[0].replace(/\(?\d.*$/s, '')) ? found : null;
  const fromCount: Omit<Tally, 'majority'> | null = count
    ? {
        for: Number(count[1] ?? count[4]),
        against: Number(count[2] ?? count[5]),
        abstain: count[3] !== undefined ? Number(count[3]) : 0,
        unanimous: false,
        text: count[0],
        index: count.index,
      }
    : null;
  const best = fromCount ?? rollCall(text) ?? counted(text);
  if (best) return { ...best, unanimous: best.unanimous || unanimous !== null, majority: false };
  if (unanimous) return { for: null, against: null, abstain: 0, unanimous: true, majority: false, text: unanimous[0], index: unanimous.index };
  if (majority) return { for: null, against: null, abstain: 0, unanimous: false, majority: true, text: majority[0], index: majority.index };
  return null;
};

/** "7-0", "5-0 with 1 abstention", "unanimously", "by a majority": a tally as an English statement says it. */
export const sayTally = (tally: Tally): string => {
  if (tally.for !== null) {
    const abstentions = tally.abstain > 0 ? ` with ${tally.abstain} abstention${tally.abstain > 1 ? 's' : ''}` : '';
    return `${tally.for}-${tally.against ?? 0}${abstentions}`;
  }
  return tally.unanimous ? 'unanimously' : 'by a majority';
};
