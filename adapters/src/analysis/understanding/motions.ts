import type { DocumentText, Span } from './document-text.ts';
import { type WrittenAmount, findAmounts } from './money.ts';
import { BULLET, type OutlineItem, headingOf } from './outline.ts';
import { type Tally, findTally } from './vote-tally.ts';
import { NOT_AFTER_ABBREVIATION, WORD_END as E, WORD_START as S, personName } from './wording.ts';

/**
 * A motion recorded in minutes (US boards and councils, French and Quebec councils, Spanish plenaries): what it
 * does, who moved and seconded it, how the vote came out, and the money it names.
 *
 * The module is long because minutes record motions in four traditions (US boards, French and Quebec councils,
 * Spanish plenaries), each with its formulas for moving, seconding and voting: their patterns stand beside the one
 * reader that tries them, so that a new wording is added where the others are.
 */
export interface Motion {
  /** What the motion does, in its own words after "to": "approve the consent agenda as read". */
  action: string | null;
  /** What was decided when no "to …" says it: a line's subject ("Revised 2018 budget") or the item's heading. */
  topic: string | null;
  outcome: 'passed' | 'failed' | 'tabled' | 'noted';
  /** The outcome's own verb when it says more than "carried": "rejected", "denied". */
  verb: 'approved' | 'rejected' | null;
  tally: Tally | null;
  mover: string | null;
  seconder: string | null;
  /** Sums of money the motion names, largest first. */
  amounts: WrittenAmount[];
  /**
   * Parts decided together that name money: the items of a consent agenda the motion approves, or the points
   * of a decision's content ("- d'autoriser l'achat … pour 2 727,34 €").
   */
  parts: MotionPart[];
  /** True for a consent agenda's motion. */
  consent: boolean;
  /** Calling to order, approving the agenda or minutes, adjourning: true for the formalities of every meeting. */
  procedural: boolean;
  /** Spans to quote: the motion's own words first, then its outcome. */
  spans: Span[];
  /** The whole record: the motion, its discussion, its vote and its content. */
  extent: Span;
  /** The record with the item it belongs to, from the item's heading: its presentation, discussion and vote. */
  item: Span;
}

export interface MotionPart {
  title: string;
  span: Span;
  amounts: WrittenAmount[];
}

// A name is up to four capitalised words; a full stop may only end an initial ("B. Munro") or a short title, so
// "Make Decisions. Trustee Lezon seconded" names Trustee Lezon.
const WORD = "(?:\\p{Lu}\\.|(?:Mr|Mrs|Ms|Dr|Jr|Sr|St)\\.|\\p{Lu}[\\p{L}'’-]{0,20})";
const NAME = `(${WORD}(?:[ \\t](?:${WORD}|de|van|von|da|del|la|le)){0,3})`;

/** "le conseiller", "la conseillère", "Madame la mairesse" before a name in Quebec minutes. */
const FRENCH_TITLE = '(?:(?:monsieur|madame|m\\.|mme)\\s)?(?:(?:le|la)\\s)?(?:conseill(?:er|ère)|maire|mairesse)?\\s?';

/** Words that open a motion: whoever moves it, in the forms minutes use. */
const MOTION_LABEL = new RegExp(`^(?:MOTION${E}|Motion(?::|\\sto\\s))`, 'u');
const MOTION_START = new RegExp(
  `${S}(?:moved|motion (?:by|made by|of)|it was moved|upon (?:a )?motion|on (?:a )?motion|m/s)${E}|\\((?:motion|moved)\\)|${S}(?:il est )?propos[ée]e? par${E}`,
  'iu',
);
const NOT_A_MOTION = /\bmoved (?:items?|the items?|it|them)\b|\bmoved (?:from|into|away)\b/i;

const MOVERS: readonly RegExp[] = [
  new RegExp(`${NAME}[ \\t]+moved${E}`, 'u'),
  new RegExp(`(?:moved|motion(?: was)?(?: made)?) by[ \\t]+${NAME}`, 'iu'),
  new RegExp(`${NAME}[ \\t]*\\((?:motion|moved)\\)`, 'u'),
  new RegExp(`(?:upon|on) (?:a )?motion (?:of|by|from)[ \\t]+${NAME}`, 'iu'),
  new RegExp(`(?:^|\\n)(?:Moved|Motion)(?: by)?:[ \\t]*${NAME}`, 'u'),
  new RegExp(`M/S:?[ \\t]*${NAME}`, 'u'),
  new RegExp(`propos[ée]e? par[ \\t]+${FRENCH_TITLE}${NAME}`, 'iu'),
];
const SECONDERS: readonly RegExp[] = [
  new RegExp(`(?:seconded|second) by[ \\t]+${NAME}`, 'iu'),
  new RegExp(`${NAME}[ \\t\\n]+seconded${E}`, 'u'),
  new RegExp(`${NAME}[ \\t]*\\(second(?:ed)?\\)`, 'u'),
  new RegExp(`M/S:?[ \\t]*[^/\\n]{1,40}/[ \\t]*${NAME}`, 'u'),
  new RegExp(`(?:^|\\n)Second(?:ed)?(?: by)?:[ \\t]*${NAME}`, 'u'),
  new RegExp(`(?:appuy[ée]e?|second[ée]e?) par[ \\t]+${FRENCH_TITLE}${NAME}`, 'iu'),
  new RegExp(`secundad[oa] por[ \\t]+${NAME}`, 'iu'),
];

// An outcome that stands alone: no mover needed to know a vote was taken.
const STRONG_OUTCOME = new RegExp(
  [
    `${S}(?:the )?motion (?:was |is )?(?:duly )?(?:carried|passed|approved|adopted|prevailed|failed|defeated|denied|withdrawn|tabled|died|lost)${E}`,
    `^(?:motion )?carried${E}`,
    `${S}(?:board|council|commission|committee|trustees|members)[ \\t]+(?:then |also |thereupon )?(?:unanimously )?(?:voted|approved|adopted|authorized|awarded|accepted|denied|rejected|ratified|tabled)${E}`,
    `${S}unanimously (?:approved|adopted|voted|agreed|carried|passed)${E}`,
    `${S}(?:approved|adopted|carried|passed) (?:unanimously|by (?:a )?(?:unanimous |roll[- ]call |voice )?vote)${E}`,
    `${S}(?:décide|adopte|approuve|autorise|accepte|valide|émet un avis (?:favorable|défavorable)|rejette|refuse)${E}[^.\\n]{0,60}(?:unanimité|voix|majorité)`,
    `${S}(?:et |il est )?résolu${E}`,
    `${S}adopt[ée]e?s? (?:à l['’]unanimité|par \\d+ voix)`,
    `${S}(?:conseil municipal|conseil|assemblée)${E}[^.\\n]{0,80}${S}(?:décide|adopte|approuve|prend acte)${E}`,
    `${S}prend acte${E}`,
    `${S}se (?:aprueba|adopta|acuerda|rechaza)n?${E}`,
    `${S}(?:aprobad[oa]s?|adoptad[oa]s?) por (?:unanimidad|mayoría)`,
    `${S}(?:adopta|aprueba|acuerda)${E}[^.\\n]{0,40}(?:unanimidad|mayoría)`,
  ].join('|'),
  'iu',
);
// A line that opens with its outcome in capitals and a dash: "APPROVED – 2018 Meetings Calendar". Not "Approved
// August 15, 2018", the stamp on a statement.
const OUTCOME_FIRST = /^(?:APPROVED|ADOPTED|DENIED|REJECTED|PASSED|CARRIED|FAILED|TABLED)\s?[-–—:]/u;
const isOutcome = (line: string): boolean => STRONG_OUTCOME.test(line) || OUTCOME_FIRST.test(line);
// An outcome word that needs a mover next to it: "Minutes … approved – Z. Maiorca (motion)".
const WEAK_OUTCOME = new RegExp(`${S}(?:approved|adopted|carried|passed|failed|denied|rejected|tabled|accepted)${E}`, 'iu');

/** A line of a vote ("Motion carried", "Ayes – …"): it stays in minutes even when it ends most of their pages. */
export const isVoteLine = (line: string): boolean => isOutcome(bare(line)) || ROLL_CALL_LINE.test(line);

const FAILED = new RegExp(`${S}(?:failed|defeated|died|lost|rejette|refuse|rechaza\\w*|desestima\\w*|no prospera)${E}`, 'iu');
const TABLED = new RegExp(`${S}(?:tabled|postponed|withdrawn|deferred)${E}`, 'iu');
const NOTED = new RegExp(`${S}(?:prend acte|took note|toma(?:n)? conocimiento|se da cuenta|queda(?:n)? enterad[oa]s?)${E}`, 'iu');
const REJECTED = new RegExp(`${S}(?:denied|rejected)${E}`, 'iu');

const ROLL_CALL_LINE =
  /^(?:(?:roll[- ]?ca[lf]{2}|rolf call|voice|recorded)\s+vote|vote|ayes?|yeas?|nays?|noes|absent|abstain\w*|recused|pour|contre|abstentions?)\b/iu;

const VERBS =
  'approve|adopt|authori[sz]e|accept|award|ratify|deny|reject|table|appoint|reappoint|hire|purchase|amend|renew|extend|waive|grant|pay|continue|postpone|direct|establish|designate|transfer|receive|allow|remove|place|declare|execute|enter|adjourn|recess|go|set|sell|lease|suspend|terminate|submit|refer|support|oppose|endorse|rescind|reconsider|select|elect|nominate|increase|decrease|reduce|raise|fund|allocate|appropriate|release|proceed|issue|certify|contract|file|name|deem|send|forward|request|apply|convene|reconvene|open|close|cancel|uphold|affirm|reverse|dismiss';
/** Where a motion's words end: its sentence's stop, a seconder, or its vote on the next line. */
const ACTION_END = new RegExp(`${NOT_AFTER_ABBREVIATION}\\.(?=\\s|$)|;|,?\\s(?:and\\s)?seconded\\b|\\n(?:roll|voice|ayes|motion|vote)\\b`, 'iu');
// "The Board unanimously approved the purchase of …": what a body did, said as what it voted to do.
const BASE: Record<string, string> = {
  approved: 'approve', adopted: 'adopt', authorized: 'authorize', authorised: 'authorise', awarded: 'award',
  accepted: 'accept', denied: 'deny', rejected: 'reject', ratified: 'ratify', tabled: 'table',
};
const PAST = new RegExp(`^(?:${Object.keys(BASE).join('|')})`, 'iu');
const DID = new RegExp(
  `${S}(?:board|council|commission|committee|trustees|members)[ \\t]+(?:then |also |thereupon )?(?:unanimously )?((?:${Object.keys(BASE).join('|')})${E}[^]*)`,
  'iu',
);
const AMENDED = /^amend (?:\w+ )?(?:main |original |the )?motion (?:so as )?to /i;
const ACTION = new RegExp(`${S}to ((?:${VERBS})${E}[^]*)`, 'iu');

/** Formalities of every meeting: calling to order, the agenda, earlier minutes, adjourning (EN, FR, ES). */
export const PROCEDURAL = new RegExp(
  [
    'call(?:ed)? (?:the meeting )?to order',
    'roll call',
    'adjourn\\w*',
    'agenda (?:as|be) (?:amended|presented|printed|posted|read|approved)',
    'approv\\w* (?:of )?(?:the )?agenda',
    'the agenda$',
    '(?:approv\\w*|adopt\\w*)\\b[^\\n]{0,60}minutes',
    'minutes (?:from|of)\\b',
    'pledge of allegiance',
    'flag salute',
    'recess',
    'reconvene',
    'ordre du jour',
    'proc[èe]s[- ]verbal',
    'compte[- ]rendu',
    'lev[ée]e? de la s[ée]ance',
    's[ée]ance (?:soit )?lev[ée]e',
    'secr[ée]taire de s[ée]ance',
    'orden del d[íi]a',
    'aprobaci[óo]n del? (?:la )?actas?',
    'actas? (?:de la sesi[óo]n )?anterior',
    'urgencia',
    'levanta la sesi[óo]n',
  ].join('|'),
  'iu',
);
const CONSENT = /\bconsent (?:agenda|calendar|items?)\b/i;

/** How far a motion's outcome may follow its words, in lines: discussion can come between. */
const MOTION_REACH = 40;
/** Lines of a French or Spanish decision's content after "décide :" or "ACUERDO". */
const CONTENT_LINES = 8;

const firstMatch = (patterns: readonly RegExp[], text: string): { name: string; index: number } | null => {
  let best: { name: string; index: number } | null = null;
  for (const re of patterns) {
    const m = re.exec(text);
    if (m && (best === null || m.index < best.index)) {
      const name = personName(m[1]!);
      // A blank ("PROPOSÉ PAR ______") or a lone title names nobody.
      if (/\p{L}{2}/u.test(name)) best = { name, index: m.index };
    }
  }
  return best;
};

/** The end of the sentence that starts at `from`: a full stop that ends no initial, or a line's end after one. */
const SENTENCE_END = new RegExp(`${NOT_AFTER_ABBREVIATION}[.;](?=\\s|$)`, 'gu');
const sentenceEnd = (text: string, from: number): number => {
  SENTENCE_END.lastIndex = from;
  const m = SENTENCE_END.exec(text);
  return m ? m.index + 1 : text.length;
};

/** "approve X. Trustee Lee seconded." is "approve X"; the subject stops where the seconder or the vote starts. */
const actionOf = (sentence: string, seconderAt: number | null): string | null => {
  const m = ACTION.exec(sentence) ?? DID.exec(sentence);
  if (!m) return null;
  let action = m[1]!.replace(PAST, (verb) => BASE[verb.toLowerCase()] ?? verb);
  const cut = action.search(ACTION_END);
  if (cut >= 0) action = action.slice(0, cut);
  if (seconderAt !== null && seconderAt > m.index) action = action.slice(0, Math.max(0, seconderAt - m.index - (m[0].length - m[1]!.length)));
  action = action.replace(/\s+/g, ' ').replace(/[\s,;:–—-]+$/u, '').trim();
  // "amend her motion to authorize X" was voted as "authorize X".
  action = action.replace(AMENDED, '');
  return action.length >= 3 ? action : null;
};

/** "APPROVED – Revised 2018 budget – B. Munro (motion)" and "2017/18 Financials approved – B. Munro (motion)". */
const topicOfLine = (raw: string): string | null => {
  const line = bare(raw);
  const leading = /^(?:APPROVED|ADOPTED|DENIED|REJECTED|PASSED|TABLED)\s*[-–—:]\s*(.+?)(?:\s[-–—]\s[^–—]*\((?:motion|moved)\).*)?$/u.exec(line);
  if (leading) return leading[1]!.trim();
  const trailing = /^(.{3,120}?)\s(?:was |were )?(?:approved|adopted|denied|rejected|passed|tabled)\b/iu.exec(line);
  return trailing ? trailing[1]!.trim() : null;
};

/** A line without its bullet: "o APPROVED – …" is "APPROVED – …". */
const bare = (line: string): string => line.replace(BULLET, '');

const outcomeOf = (text: string): Motion['outcome'] =>
  NOTED.test(text) ? 'noted' : TABLED.test(text) ? 'tabled' : FAILED.test(text) ? 'failed' : 'passed';

interface MotionRecord {
  first: number;
  /** Line of the outcome, and the last line of its sentence. */
  outcome: number;
  sentenceEnd: number;
  /** Last line of the record: its roll call and the decision's content included. */
  last: number;
  /** True when the motion was opened by its mover, false when only its outcome is written. */
  moved: boolean;
  /** The decision's content below its outcome, and its first line (-1 when it has none). */
  content: string;
  contentFirst: number;
}

/** Words that close a decision's content: the prefecture's stamp, the vote, the end of the session. */
const CONTENT_END = /^(?:accus[ée] de r[ée]ception|sometido|vº|y no siendo|monsieur .{0,40}donne lecture)/iu;
/** An outcome that announces the decision's content below it: "décide :", "ET RÉSOLU … QUE", "el siguiente ACUERDO". */
const ANNOUNCES_CONTENT = /:\s*$|(?:ACUERDO|acuerdo|RÉSOLU|résolu|UNANIMIT[ÉE]|unanimité)\s*:?\s*$/u;

// An amount that bounds rather than costs ("no supera el importe de 3.000.000 euros", "plafonné à 200 000 €") is
// no sum a decision spends.
const THRESHOLD = /(?:supera\w*|exceed\w*|plafonn\w*|cap(?:ped)? (?:at|of)|maximum|máximo|límite|limit of|up to|jusqu['’]à)\D{0,45}$/iu;
const COST = /(?:co[ûu]t|cost|montant|amount|importe|total|estim\w*|price|prix|precio|presupuesto|budget|for)\D{0,40}$/iu;

const byValue = (amounts: readonly WrittenAmount[]): WrittenAmount[] =>
  [...new Map(amounts.map((a) => [a.value, a])).values()].sort((a, b) => b.value - a.value);

/**
 * Every motion with a recorded outcome, in the document's order. A motion opened by a mover runs to the first
 * outcome after it (unless a new item or a new motion, such as an amendment, comes first); an outcome written
 * without a mover ("The Board unanimously approved…", "décide à l'unanimité", "se aprueba por unanimidad")
 * stands for its item, whose heading says what was decided.
 */
export const findMotions = (doc: DocumentText, outline: readonly OutlineItem[], deadline = Number.POSITIVE_INFINITY): Motion[] => {
  const { lines } = doc;
  // "ET RÉSOLU À L'UNANIMITÉ" and "MOTION CARRIED" are written in capitals, yet they are outcomes, not headings.
  const items = outline.filter((item) => !isOutcome(bare(lines[item.line]!.text)) && !ROLL_CALL_LINE.test(lines[item.line]!.text));
  const itemAt = new Map(items.map((item) => [item.line, item]));
  const isHeading = (i: number): boolean => (itemAt.get(i)?.level ?? 3) < 3;
  const starts = (i: number): boolean => {
    const text = bare(lines[i]!.text);
    return (MOTION_LABEL.test(text) || MOTION_START.test(text)) && !NOT_A_MOTION.test(text);
  };
  const continues = (i: number): boolean => i < lines.length && !headingOf(lines[i]!.text) && /^[\p{Ll}«(]/u.test(lines[i]!.text);
  // The item a motion belongs to is its numbered heading; a line in capitals ("LISTE DES TRAVAUX") inside an
  // item is only a heading when the minutes number nothing. Found for every line in one pass.
  const numberedBefore: Array<OutlineItem | undefined> = [];
  const anyBefore: Array<OutlineItem | undefined> = [];
  for (let i = 0, k = 0; i < lines.length; i++) {
    numberedBefore[i] = numberedBefore[i - 1];
    anyBefore[i] = anyBefore[i - 1];
    for (; k < items.length && items[k]!.line <= i; k++) {
      const item = items[k]!;
      if (item.level === 3 || item.title.length === 0) continue;
      anyBefore[i] = item;
      if (item.numbered) numberedBefore[i] = item;
    }
  }
  const headingBefore = (line: number): OutlineItem | undefined => numberedBefore[line] ?? anyBefore[line];
  const records: MotionRecord[] = [];
  for (let i = 0; i < lines.length; i++) {
    if (performance.now() > deadline) break;
    let first = i;
    let outcome = -1;
    const moved = starts(i);
    if (moved) {
      for (let j = i; j < lines.length && j <= i + MOTION_REACH; j++) {
        if (j > i && (isHeading(j) || starts(j))) break;
        const line = bare(lines[j]!.text);
        // In a long record a weak word ("approved") counts only on the motion's line or a short line of its own.
        if (isOutcome(line) || (WEAK_OUTCOME.test(line) && (j === i || line.length <= 40))) {
          outcome = j;
          break;
        }
      }
      if (outcome < 0) continue;
    } else if (isOutcome(bare(lines[i]!.text))) {
      outcome = i;
      // The sentence holding the outcome may start a line or two above: "Le Conseil municipal, après … /
      // décide à l'unanimité".
      const previousEnd = records.at(-1)?.last ?? -1;
      while (first > previousEnd + 1 && i - first < 2 && continues(first) && !isHeading(first - 1)) first--;
    } else continue;
    // The outcome's sentence may go on below ("se adopta por UNANIMIDAD de todos los / Concejales asistentes"),
    // the roll call may follow it, and a French or Spanish decision may follow as its content.
    let sentenceEnd = outcome;
    while (sentenceEnd < outcome + 3 && continues(sentenceEnd + 1)) sentenceEnd++;
    let last = sentenceEnd;
    while (last + 1 < lines.length && last < sentenceEnd + 6 && ROLL_CALL_LINE.test(lines[last + 1]!.text)) last++;
    let content = '';
    let contentFirst = -1;
    if (ANNOUNCES_CONTENT.test(lines[sentenceEnd]!.text) || /^(?:ET )?R[ÉE]SOLU/u.test(lines[outcome]!.text)) {
      let end = last;
      for (let k = last + 1; k < lines.length && k <= last + CONTENT_LINES; k++) {
        if (isHeading(k) || starts(k) || CONTENT_END.test(lines[k]!.text)) break;
        end = k;
      }
      if (end > last) {
        contentFirst = last + 1;
        content = doc.text.slice(lines[contentFirst]!.start, lines[end]!.end);
      }
      last = end;
    }
    records.push({ first, outcome, sentenceEnd, last, moved, content, contentFirst });
    i = last;
  }
  return records.flatMap((record) => (performance.now() > deadline ? [] : motionOf(record)));

  function motionOf(record: MotionRecord): Motion[] {
    const start = lines[record.first]!.start;
    const text = doc.text.slice(start, lines[record.last]!.end);
    const heading = headingBefore(record.first);
    const mover = record.moved ? firstMatch(MOVERS, text) : null;
    const seconder = record.moved ? firstMatch(SECONDERS, text) : null;
    const moverSentence = record.moved ? text.slice(0, sentenceEnd(text, (mover?.index ?? 0) + 1)) : '';
    // A motion whose mover is left blank ("IL EST PROPOSÉ PAR ______") and says no "to …" is told by its outcome.
    const opening = mover || (moverSentence && ACTION.test(moverSentence)) ? moverSentence : '';
    const outcomeLine = lines[record.outcome]!;
    const decision = { start: record.moved ? outcomeLine.start : start, end: lines[record.sentenceEnd]!.end };
    const action = actionOf(opening || doc.text.slice(decision.start, decision.end), seconder && opening ? seconder.index : null);
    const lineTopic = action ? null : topicOfLine(outcomeLine.text);
    const topic = action ? null : (lineTopic ?? heading?.title ?? (record.content.split('\n')[0] || null));
    if (!action && !topic) return [];
    // An amount stated once in the item's presentation ("Le coût des travaux est estimé à 1 200 €") is the
    // decision's; several amounts there (estimates, caps, shares) cannot be told apart.
    const exposition = heading && !action && !lineTopic ? doc.text.slice(lines[heading.lastLine]!.end, start) : '';
    const costs = findAmounts(exposition).filter((a) => {
      const lead = exposition.slice(Math.max(0, a.index - 60), a.index);
      return COST.test(lead) && !THRESHOLD.test(lead);
    });
    // The sum is the motion's own ("to award … in the amount of $1,284,500"); failing that, the decision's
    // ("décide d'attribuer une subvention de 1 500 €"), its item's heading ("Approve purchase … for $389,220")
    // or the one cost its presentation states.
    const own = findAmounts(action ?? lineTopic ?? '');
    const amounts = byValue(
      own.length > 0
        ? own
        : [
            ...findAmounts(record.content),
            ...(opening ? [] : findAmounts(doc.text.slice(decision.start, decision.end))),
            ...(lineTopic || !heading ? [] : findAmounts(heading.title)),
            ...(new Set(costs.map((a) => a.value)).size === 1 ? costs : []),
          ],
    );
    const after = opening ? text.slice(opening.length) : '';
    const consent = action !== null && CONSENT.test(action);
    const tally = findTally(after || doc.text.slice(decision.start, lines[record.last]!.end)) ?? findTally(text);
    // Without a motion's words, its outcome's sentence tells a formality: "Le compte-rendu est adopté".
    const judged = action ?? lineTopic ?? `${heading?.title ?? ''}\n${opening ? '' : text.slice(0, 200)}`;
    const spans: Span[] = opening
      ? [{ start, end: start + opening.length }, ...(decision.start >= start + opening.length ? [decision] : [])]
      : [...(heading && !lineTopic && heading.line < record.first ? [heading.span] : []), decision];
    return [
      {
        action,
        topic,
        outcome: outcomeOf(doc.text.slice(outcomeLine.start, lines[record.last]!.end)),
        verb: action ? null : REJECTED.test(outcomeLine.text) ? 'rejected' : 'approved',
        tally,
        mover: mover?.name ?? null,
        seconder: seconder?.name ?? null,
        amounts,
        parts: consent ? consentItems(items, record.first) : contentParts(record),
        consent,
        // "Approve the June 20 Regular Meeting" under "c. Approve Minutes of…" approves minutes too.
        procedural: !consent && (PROCEDURAL.test(judged) || (heading !== undefined && PROCEDURAL.test(heading.title) && amounts.length === 0)),
        spans,
        extent: { start, end: lines[record.last]!.end },
        item: { start: heading ? heading.span.start : start, end: lines[record.last]!.end },
      },
    ];
  }

  /** The bulleted points of a decision's content, when two or more of them name money. */
  function contentParts(record: MotionRecord): MotionPart[] {
    if (record.contentFirst < 0) return [];
    const parts: MotionPart[] = [];
    for (let k = record.contentFirst; k <= record.last; k++) {
      const line = lines[k]!;
      const bullet = BULLET.exec(line.text);
      const previous = parts.at(-1);
      if (bullet) parts.push({ title: line.text.slice(bullet[0].length), span: { start: line.start + bullet[0].length, end: line.end }, amounts: [] });
      else if (previous && previous.span.end === line.start - 1) {
        previous.title += ` ${line.text}`;
        previous.span = { start: previous.span.start, end: line.end };
      }
    }
    for (const part of parts) part.amounts = findAmounts(part.title);
    const costly = parts.filter((part) => part.amounts.length > 0);
    return costly.length >= 2 ? costly : [];
  }
};

/** The items of a consent agenda that name money: level 2 items between the agenda's heading and its motion. */
const consentItems = (outline: readonly OutlineItem[], motionLine: number): MotionPart[] => {
  const parent = outline.findLast((item) => item.line < motionLine && item.level === 1);
  const from = parent?.line ?? -1;
  return outline
    .filter((item) => item.line > from && item.line < motionLine && item.level === 2)
    .map((item) => ({ title: item.title, span: item.span, amounts: findAmounts(item.title) }))
    .filter((item) => item.amounts.length > 0);
};
