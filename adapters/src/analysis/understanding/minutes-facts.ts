import { type DocumentText, type Span, sentenceAt } from './document-text.ts';
import { type RankedFact, draftFact } from './draft-fact.ts';
import type { Body } from './governing-body.ts';
import { type WrittenAmount, findAmounts, sayAmount } from './money.ts';
import type { Motion, MotionPart } from './motions.ts';
import { BULLET, headingOf } from './outline.ts';
import { sayTally } from './vote-tally.ts';
import { clipWords, joinList, personName, topicWords } from './wording.ts';

/** Words of a motion's subject kept in a statement: enough to name it, short enough to read. */
const SUBJECT_WORDS = 20;

const tallyWords = (motion: Motion): string => (motion.tally ? sayTally(motion.tally) : '');

const moverWords = (motion: Motion): string =>
  motion.mover ? `; moved by ${motion.mover}${motion.seconder ? `, seconded by ${motion.seconder}` : ''}` : '';

/** " ($41,642.15)" unless the words already say the sum. */
const amountWords = (amount: WrittenAmount | undefined, said: string): string =>
  amount && !said.includes(amount.text.trim()) ? ` (${sayAmount(amount)})` : '';

/** A motion said in one plain sentence: what the body did, the sum, the vote, who moved and seconded it. */
export const sayMotion = (motion: Motion, body: Body | null): string => {
  const who = `The ${body ?? 'meeting'}`;
  const tally = tallyWords(motion);
  const amount = motion.amounts[0];
  if (motion.action) {
    const action = clipWords(motion.action, SUBJECT_WORDS, amount?.text);
    const money = amountWords(amount, action);
    if (motion.outcome === 'failed') return `A motion to ${action}${money} failed${tally ? `, ${tally}` : ''}${moverWords(motion)}.`;
    if (motion.outcome === 'tabled') return `${who} tabled a motion to ${action}${money}.`;
    return `${who} voted${tally ? ` ${tally}` : ''} to ${action}${money}${moverWords(motion)}.`;
  }
  const topic = topicWords(motion.topic ?? '');
  const money = amountWords(amount, topic);
  if (motion.outcome === 'noted') return `${who} took note of "${topic}".`;
  if (motion.outcome === 'tabled') return `${who} tabled "${topic}".`;
  const verb = motion.outcome === 'failed' || motion.verb === 'rejected' ? 'rejected' : 'approved';
  const how = tally === '' ? '' : tally === 'unanimously' || tally === 'by a majority' ? ` ${tally}` : `, ${tally}`;
  return `${who} ${verb} "${topic}"${money}${how}${moverWords(motion)}.`;
};

/** One part of a consent agenda or of a decision, with its sum and the vote that carried it. */
const sayPart = (part: MotionPart, motion: Motion, body: Body | null): string => {
  const topic = topicWords(part.title);
  const tally = tallyWords(motion);
  const how = tally === '' ? '' : tally === 'unanimously' || tally === 'by a majority' ? ` ${tally}` : `, ${tally}`;
  return `The ${body ?? 'meeting'} approved "${topic}"${amountWords(part.amounts[0], topic)}${motion.consent ? ' on the consent agenda' : ''}${how}.`;
};

/**
 * The facts of the motions of minutes: each decision with its sum and vote, the parts of a consent agenda or of
 * a decision that spend money as facts of their own; formalities (agenda, minutes, adjournment) left out.
 */
export const motionFacts = (doc: DocumentText, motions: readonly Motion[], body: Body | null): RankedFact[] =>
  motions
    .filter((motion) => !motion.procedural)
    .flatMap((motion): RankedFact[] => {
      const type = motion.tally || motion.mover ? 'vote' : 'decision';
      if (motion.parts.length > 0 && motion.outcome === 'passed') {
        return motion.parts.flatMap((part) => {
          const spans: Span[] = [part.span, ...motion.spans.slice(-1)];
          const fact = draftFact(doc, type, sayPart(part, motion, body), spans);
          return fact ? [{ fact, tier: 0, weight: part.amounts[0]!.value }] : [];
        });
      }
      const fact = draftFact(doc, type, sayMotion(motion, body), motion.spans);
      if (!fact) return [];
      const amount = motion.amounts[0];
      // Taking note of a report decides nothing, and a consent agenda without a sum says little: both come after
      // the decisions.
      const tier = motion.outcome === 'noted' || motion.consent ? 3 : amount && motion.outcome === 'passed' ? 0 : 1;
      return [{ fact, tier, weight: amount?.value ?? 0 }];
    });

/** Sums a line of minutes reports outside any motion must come with this many words to be a statement. */
const REPORT_WORDS = 6;

/**
 * The sentence of line `i` that holds the offset `at` of it: back over the lines it wraps from (not past an item,
 * a bullet or a full stop), and on to its full stop, or the end of its line when the line is an item of a list.
 */
const reportSentence = (doc: DocumentText, i: number, at: number): Span => {
  const { lines } = doc;
  let first = i;
  while (first > 0 && i - first < 3 && !headingOf(lines[first]!.text) && lines[first - 1]!.page === lines[i]!.page &&
    !/[.:;!?]$/.test(lines[first - 1]!.text) && !headingOf(lines[first - 1]!.text))
    first--;
  const sentence = sentenceAt(doc, lines[i]!.start + at);
  let end = sentence.end;
  if (headingOf(lines[i]!.text)) {
    let last = i;
    while (last + 1 < lines.length && last - i < 2 && !headingOf(lines[last + 1]!.text) && /^\p{Ll}/u.test(lines[last + 1]!.text)) last++;
    end = Math.min(end, lines[last]!.end);
  }
  return { start: Math.max(sentence.start, lines[first]!.start), end };
};

/**
 * Money the minutes report outside their motions ("In 2017, the SSA spent $210,783 of its $246,394 budget"):
 * the lines with the largest sums, quoted; sums a motion already states are left out.
 */
export const reportedAmounts = (doc: DocumentText, motions: readonly Motion[], numbered: ReadonlySet<number>): RankedFact[] => {
  const stated = new Set(motions.flatMap((m) => [...m.amounts, ...m.parts.flatMap((p) => p.amounts)].map((a) => a.value)));
  // Lines come in order: one sweep over the motions' items (sorted by start) tells a line inside one.
  const items = motions.map((m) => m.item).sort((a, b) => a.start - b.start);
  let next = 0;
  let coveredTo = -1;
  const found: RankedFact[] = [];
  for (const [i, line] of doc.lines.entries()) {
    for (; next < items.length && items[next]!.start <= line.start; next++) coveredTo = Math.max(coveredTo, items[next]!.end);
    if (numbered.has(i) || line.start < coveredTo) continue;
    const amounts = findAmounts(line.text).filter((a) => !stated.has(a.value));
    if (amounts.length === 0) continue;
    const span = reportSentence(doc, i, amounts[0]!.index);
    // A sentence ends with its stop, or is one item of a list; a row of a table runs on into the next rows.
    if (!/[.!?;]$/.test(doc.text.slice(span.start, span.end)) && !headingOf(line.text)) continue;
    const sentence = doc.text.slice(span.start, span.end).replace(BULLET, '').replace(/\s+/g, ' ');
    const words = sentence.split(' ').length;
    // A row of a table ("2158-163 3 500,00 €") or a run of figures is no sentence.
    const prose = sentence.split(' ').filter((w) => /^\p{Ll}{3,}/u.test(w)).length;
    if (words < REPORT_WORDS || words > 45 || prose < 2 || findAmounts(sentence).length > 3 || !/^[\p{Lu}\d$€]/u.test(sentence)) continue;
    const largest = amounts.reduce((a, b) => (b.value > a.value ? b : a));
    const fact = draftFact(doc, 'amount', `The minutes report: "${clipWords(sentence.replace(/[.;]$/, ''), 20, largest.text)}".`, [span]);
    if (fact) found.push({ fact, tier: 3, weight: Math.max(...amounts.map((a) => a.value)) });
  }
  return found;
};

// Attendance: "Commissioners Absent: A, B", "ABSENT: Trustees Lezon", "Absents excusés : …", "AUSENTES: NINGUNO".
const ABSENT =
  /^(?:[\p{L}.]+\s){0,3}?(?:absent|absents?(?:\s(?:excus[ée]s?|non excus[ée]s?))?|members? absent|ausentes?|not present|excused)\s?[:–—-]\s?(.*)$/iu;
const NOBODY = /^(?:none|no one|nobody|ningun[oa]|nadie|aucun\w*|néant)\b/iu;
/** Words that say what a person is, not who: "Conseillère municipale", "pouvoir donné à…". */
const NOT_A_NAME = /^(?:\p{Ll}|(?:conseill|council|trustee|commission|member|adjoint|maire|mayor)\w*\s*(?:municipal\w*)?$)/u;

/** Who was absent, from the attendance list at the top of minutes (not a roll call's "Absent – none"). */
export const absenceFact = (doc: DocumentText, motions: readonly Motion[]): RankedFact | null => {
  const firstMotion = motions[0]?.extent.start ?? doc.text.length;
  for (const [i, line] of doc.lines.entries()) {
    if (line.start >= firstMotion) break;
    const m = ABSENT.exec(line.text);
    if (!m) continue;
    // The list may go on over the next lines, until another label ("STAFF ATTENDING:").
    let list = m[1]!;
    let end = line.end;
    // The list may go on over the next lines, until a stop, another label ("STAFF ATTENDING:") or item.
    for (const next of doc.lines.slice(i + 1, i + 6)) {
      if (NOBODY.test(list.trim()) || /\.\s*$/.test(list) || /^[^:]{0,40}:/.test(next.text) || headingOf(next.text)) break;
      list += ` ${next.text}`;
      end = next.end;
    }
    const span = { start: line.start, end };
    if (NOBODY.test(list.trim())) {
      const fact = draftFact(doc, 'vote', 'No member was absent.', [span]);
      return fact ? { fact, tier: 2, weight: 0 } : null;
    }
    const names = list
      .split(/,|;|\bet\b|\band\b|\by\b/u)
      .map((part) => personName(part.replace(/\(.*?\)/g, '')))
      .filter((name) => name.length > 1 && !NOT_A_NAME.test(name) && /\p{Lu}/u.test(name));
    if (names.length === 0 || names.length > 12) return null;
    const fact = draftFact(doc, 'vote', `${joinList(names)} ${names.length > 1 ? 'were' : 'was'} absent.`, [span]);
    return fact ? { fact, tier: 2, weight: 0 } : null;
  }
  return null;
};
