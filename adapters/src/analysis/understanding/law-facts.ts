import type { DraftFact } from '@civicwatch/core/contracts/analysis-result.contract.ts';
import { findDates, sayDate } from './dates.ts';
import type { Finder, FinderInput } from './finder.ts';
import { asSentence, clip, plainWords } from './plain-words.ts';
import { pageSentences, type PageSentence } from './sentences.ts';

/** Kinds whose text enacts, proposes or changes rules: ordinances and resolutions, bills, regulations, notices. */
const LAW_KINDS = new Set(['ordinance', 'bill', 'rule', 'notice', 'plan', 'budget', 'packet']);

const MONEY = String.raw`(?:\$\s?\d[\d,]*(?:\.\d+)?(?:\s(?:million|billion|thousand))?|\d[\d\s.,]*\d\s?(?:\$|€|euros?|dollars)(?!\w))`;
const PERCENT = String.raw`\d*[.,]?\d+\s?(?:%|percent|per cent)`;

/** Who enacts: "BE IT ORDAINED by the Board of Trustees of the … District that" and its equivalents. */
const ENACTING = /\bbe it (?:further )?(?:ordained|resolved|enacted)(?: and determined)?,?\s+by\s+(?:the\s+)?([\p{L}][\p{L} ,.&'-]{2,120}?)(?:,?\s+(?:that|as follows)\b|:)/iu;
const AGENCY = /^AGENCY:\s*([^,;.]{3,90})/m;

/** A tax or levy and its rate: "a special tax of .02% of the value of all taxable property". */
const LEVY = new RegExp(String.raw`\b((?:(?:an?|the)\s+)?(?:[\p{L}-]{3,20}\s+){0,2}?(?:tax|levy|rate|fee|charge|contribution|assessment)\s+(?:of|at(?: a rate of)?|is|equal to)\s+(?:${PERCENT}|${MONEY})(?:\s+(?:per|of|on)\s+(?:the\s+)?[\p{L}$\d][\p{L}\d$, ]{0,80}?(?=[,;.]|\s+(?:as|shall|for|in|is|and)\b))?)`, 'iu');
const FISCAL_YEAR = /\b(?:fiscal year|FY)\s+((?:19|20)\d\d(?:\s?[-–/]\s?(?:19|20)?\d\d)?)|\b((?:19|20)\d\d\s?[-–/]\s?(?:19|20)?\d\d)\s+fiscal year/i;
/** What money is for: the last of the purposes a sentence lists ("… and maintenance, repairs and alterations of library buildings"). */
const PURPOSE = /\bfor\s+(?:the\s+)?(?:purposes?\s+of\s+)?((?:purchase|construction|maintenance|operation|repair|rental|payment|acquisition|improvement|support|funding|provision|establishment)\b[^;:]{5,400}?)(?=,\s+(?:an?|the)\s+\w+\s+(?:tax|levy)|;|\.\s|$)/i;

/**
 * A charge stated per unit in a schedule, in any of the three languages: "Contribution par unité 5 308 $",
 * "Fee per dwelling unit: $1,200", "Tasa por metro lineal $ 120".
 */
const PER_UNIT = new RegExp(String.raw`\b((?:contribution|redevance|taxe|tarif|frais|droit|fee|charge|rate|levy|tasa|derecho|contribuci[óo]n|impuesto)(?:\s+[\p{L}-]{2,20}){0,2}?\s+(?:per|par|por|each)\s+[\p{L}-]{3,20}(?:\s+[\p{L}-]{2,20})?)\s*[:=]?\s*(${MONEY})`, 'iu');

/** The verbs that make a rate the document's own decision rather than one it mentions. */
const IMPOSES = /\b(?:levy|levied|levies|impose[ds]?|established|fixed|payable|shall be (?:paid|charged|collected))\b/i;
const MAX_PROPOSALS = 3;
/** A title line in capitals restates what the text says in full. */
const isShouting = (text: string): boolean => (text.match(/\p{Lu}/gu)?.length ?? 0) > 0.6 * (text.match(/\p{L}/gu)?.length ?? 1);

const EFFECTIVE = /\b(?:entr[ée]e en vigueur|(?:shall|will)\s+(?:take|be in)\s+(?:full\s+)?(?:effect|force)|takes? effect|in full force and effect|entre(?:ra)? en vigueur|entrar[áa] en vigencia|regir[áa]|becomes? effective|effective (?:on|as of|from))\b/i;
const UPON_ADOPTION = /\b(?:from and after|upon|immediately (?:upon|after))\s+(?:its\s+)?(?:passage|adoption|approval|publication|enactment)/i;

const PENALTY = /\b(?:fine[ds]?|penalt(?:y|ies)|imprisonment|jail|misdemeanor|civil penalty|amende|multa|sanci[óo]n)\b/i;
const MONEY_PATTERN = new RegExp(MONEY, 'gi');
const JAIL = /\b(?:imprisonment|jail|incarceration)\b[^.;]{0,40}?\b(\d+|one|two|three|six|thirty|ninety)\s+(days?|months?|years?)/i;

const COMMENTS_DUE = /\b(?:(?:comments?|objections?|testimony|written statements?)\b[^.]{0,120}?\b(?:must be received|received|submitted|filed|due)|(?:must|will|should)\s+receive\s+(?:your\s+|any\s+)?(?:comments?|objections?))\b[^.]{0,60}?\b(?:on or before|by|before|no later than|not later than)\b/i;

const STRIKE_INSERT = /\bstrik(?:e|ing)\s+["“`']{1,2}([^"”'`]{1,80})["”'`]{1,2}\s+and\s+insert(?:ing)?\s+["“`']{1,2}([^"”'`]{1,80})["”'`]{1,2}/i;
const AMENDED = /\b((?:section|article|chapter|title|part|paragraph)\s+[\w.()-]{1,20}(?:\s+of\s+(?:the\s+)?[\p{Lu}][\p{L}\d ,.'-]{2,90}?)?)\s+(?:\([^)]{1,40}\)\s+)?is (?:hereby )?amended\b/iu;
const CITED_AS = /\b(?:may|shall) be cited as (?:the\s+)?(?:``|"|“)(.{3,120}?)(?:''|"|”)/i;
const PROPOSES = /\b(?:we|the (?:agency|department|commission|board|faa|epa|secretary))\s+(?:are\s+)?propos(?:e|es|ing)\s+to\s+([^.;]{10,240})/i;
const APPLIES_TO = /\b(?:this (?:ordinance|rule|regulation|AD|section|act|chapter|by-?law|resolution))\s+(?:applies|shall apply|is applicable)\s+to\s+([^.;]{5,200})/i;
const AFFECTS = /\b(?:affects?|would affect)\s+(\d[\d,]*\s+[\p{L}.-]+(?:\s+[\p{L}.-]+){0,5})/iu;
/**
 * What a bill, an ordinance or a rule requires, forbids or allows, said by whom: "The Secretary shall establish a
 * pilot program" ("Each State must…", "No person shall…"). The subject is a short noun phrase at the sentence's start.
 */
const OBLIGATION = /(?:^|[:;,]\s|``|\)\s|--|\bthat\s)(?:\([\w.]{1,4}\)\s*)*((?:the|each|every|any|no|a|an)\s+[\p{L}][\p{L}\d'-]*(?:\s+[\p{L}\d'-]+){0,6}?)\s+(shall|must|may not|is required to|is authorized to|is prohibited from)\s+([^;]{12,400})/iu;
/** A declaration: "X is hereby ascertained to be Y", "the rates are hereby established as follows". */
const DECLARED = /\s(is|are)\s+hereby\s+(?:ascertained|declared|determined|found|established|set|fixed|designated)\s+(?:to\s+be\s+|as\s+)?([^.;]{5,240})/i;

/** Sections of a bill or an ordinance: each may say what it requires once. */
const SECTION_HEADING = /^(?:SEC(?:TION|\.)?|Section|Article|Art\.)\s*\d+/;
const MAX_OBLIGATIONS = 8;

const ADOPTED = /\b(?:adopted|adoption|passed|approved|enacted|adopt[ée]e?|aprobad[oa]|sancionad[oa])\b/i;
const ROLL_CALL_AYES = /^\s*(?:ayes|yeas|yes|voting aye|pour)\s*[:\-–]\s*(.{0,400})$/im;
const ROLL_CALL_NAYS = /^\s*(?:nays|noes|no|voting nay|contre)\s*[:\-–]\s*(.{0,400})$/im;

const fact = (type: DraftFact['type'], statement: string, quote: string, page: number): DraftFact => ({
  type,
  statement: asSentence(clip(plainWords(statement))),
  quote: quote.trim().slice(0, 200),
  page,
});

/** "the Board of Trustees of the Warrenville Public Library District" → "The Board of Trustees". */
const shortBody = (body: string): string => {
  const name = body.replace(/\s+/g, ' ').trim().replace(/^the\s+/i, '');
  const head = name.split(/\s+of\s+(?:the\s+)?/i)[0]!;
  const words = head.split(' ');
  const cased = words.map((w) => (w === w.toUpperCase() && w.length > 2 ? w.charAt(0) + w.slice(1).toLowerCase() : w)).join(' ');
  return `The ${cased}`;
};

const names = (list: string): string[] =>
  list
    .split(/,|;|\band\b/)
    .map((n) => n.trim())
    .filter((n) => n && !/^[-–\s]*none[-–\s]*$/i.test(n) && /\p{L}{2}/u.test(n));

/** The enacting body, as a statement's subject; "It" when the document does not name one. */
const subjectOf = (input: FinderInput, sentences: readonly PageSentence[]): string => {
  for (const s of sentences) {
    const m = ENACTING.exec(s.text);
    if (m) return shortBody(m[1]!);
  }
  const agency = AGENCY.exec(input.pages[0]?.text.slice(0, 4000) ?? '');
  if (agency) {
    // "Federal Aviation Administration (FAA)": the short name reads better in every statement.
    const name = agency[1]!.replace(/\s+/g, ' ').trim().replace(/^the\s+/i, '');
    return `The ${/\(([A-Z]{2,8})\)/.exec(name)?.[1] ?? name}`;
  }
  return 'It';
};

const money = (text: string): string[] => [...text.matchAll(MONEY_PATTERN)].map((m) => m[0].replace(/\s+/g, ' '));

/**
 * Facts of documents that enact, propose or change rules: what is levied and at what rate, for what and which
 * year; when it takes effect; penalties; what is amended ("changes X to Y"); comment deadlines; who is
 * affected; adoption with its roll call. Statements are templates filled with the document's own figures and
 * names, each on the quote it rests on.
 */
export const findLawFacts: Finder = (input) => {
  if (input.kind !== null && !LAW_KINDS.has(input.kind)) return [];
  const sentences = pageSentences(input.pages);
  const subject = subjectOf(input, sentences);
  const facts: DraftFact[] = [];
  const seen = new Set<string>();
  let proposals = 0;
  let obligations = 0;
  let section = -1;
  // Two obligations per section at most: a long section must not crowd out the others.
  const obligedIn = new Map<number, number>();
  const add = (f: DraftFact) => {
    const key = `${f.type}:${f.statement.toLowerCase()}`;
    if (seen.has(key) || facts.length >= 12) return;
    seen.add(key);
    facts.push(f);
  };

  for (const s of sentences) {
    if (performance.now() > input.deadline) break;
    const text = s.text;

    const proposes = PROPOSES.exec(text);
    if (proposes && proposals < MAX_PROPOSALS && proposes[1]!.split(/\s+/).length >= 5) {
      proposals += 1;
      add(fact('decision', `${subject} proposes to ${proposes[1]}`, proposes[0], s.page));
    }

    if (SECTION_HEADING.test(text)) section += 1;
    // A recital ("WHEREAS…") explains; what follows "NOW, THEREFORE" decides.
    const operative = text.replace(/^[\s\S]*?(?=\bnow,? therefore\b)/i, '');

    // What a section declares: "…, the general prevailing wages … is hereby ascertained to be the same as…".
    const declared = DECLARED.exec(operative);
    if (declared) {
      const before = operative.slice(0, declared.index);
      const start = Math.max(0, before.lastIndexOf(', the ') + 2, before.lastIndexOf(': ') + 2);
      const subjectText = operative.slice(start, declared.index).trim();
      if (subjectText.split(/\s+/).length >= 2) {
        // A long subject is named by its head: the statement is about what it is declared to be.
        const head = subjectText.split(',')[0]!;
        add(fact('decision', `${head}${head === subjectText ? '' : ' …'} ${declared[1]} ${declared[2]}`, operative.slice(start, declared.index + declared[0].length).slice(0, 200), s.page));
      }
    }

    // The enacting clause says what the whole document decides: "BE IT ORDAINED … that the prevailing rate of wages…".
    const enacting = ENACTING.exec(operative);
    const decided = enacting ? operative.slice(enacting.index + enacting[0].length).trim() : '';
    const enacts = enacting !== null && decided.split(/\s+/).length >= 6 && !LEVY.test(decided) && !/^for\b/i.test(decided);
    if (enacting && enacts) {
      const clause = enacting[0];
      const verb = /resolved/i.test(clause) ? 'resolves' : /enacted/i.test(clause) ? 'enacts' : /determined/i.test(clause) ? 'determines' : 'orders';
      add(fact('decision', `${shortBody(enacting[1]!)} ${verb} that ${decided}`, decided.slice(0, 200), s.page));
    }
    const obliged = OBLIGATION.exec(operative);
    if (obliged && !enacts && obligations < MAX_OBLIGATIONS && (obligedIn.get(section) ?? 0) < 2 && !/^whereas\b/i.test(operative) && !isShouting(operative)) {
      obligations += 1;
      obligedIn.set(section, (obligedIn.get(section) ?? 0) + 1);
      add(fact('decision', `${obliged[1]} ${obliged[2]} ${obliged[3]}`, operative.slice(obliged.index + obliged[0].indexOf(obliged[1]!)).slice(0, 200), s.page));
    }

    const cited = CITED_AS.exec(text);
    if (cited) add(fact('decision', `It is called the ${cited[1]!.trim()}`, cited[0], s.page));

    const levy = LEVY.exec(operative);
    const imposes = IMPOSES.exec(operative);
    if (levy && imposes && !/^whereas\b/i.test(operative) && !isShouting(operative)) {
      const fy = FISCAL_YEAR.exec(operative);
      const purpose = PURPOSE.exec(operative);
      const what = levy[1]!.replace(/^(?:an?|the)\s+/i, '').replace(/\s+(?:is|equal to)\s+/i, ' of ');
      const verb = /^levi/i.test(imposes[0]) ? 'levies' : /^impos/i.test(imposes[0]) ? 'imposes' : 'sets';
      const parts = [`${subject} ${verb} a ${what}`];
      if (fy) parts.push(`for fiscal year ${fy[1] ?? fy[2]}`);
      if (purpose) parts.push(`for ${lastListItem(purpose[1]!)}`);
      add(fact('rate', parts.join(' '), levy[0], s.page));
    }

    const perUnit = PER_UNIT.exec(text);
    if (perUnit && !levy) {
      const label = perUnit[1]!.replace(/\s+/g, ' ');
      const english = input.language === null || input.language.code === 'en';
      add(fact('rate', english ? `${subject} sets a ${label} of ${perUnit[2]}` : `${subject} sets ${perUnit[2]} ("${label}")`, perUnit[0], s.page));
    }

    if (EFFECTIVE.test(text)) {
      const date = findDates(text, input.language)[0];
      if (date) add(fact('date', `It takes effect on ${sayDate(date.iso)}`, text.slice(0, 200), s.page));
      else if (UPON_ADOPTION.test(text)) add(fact('date', 'It takes effect as soon as it is adopted', UPON_ADOPTION.exec(text)![0], s.page));
    }

    if (PENALTY.test(text)) {
      const amounts = money(text);
      const jail = JAIL.exec(text);
      if (amounts.length > 0 || jail) {
        const fine = amounts.length > 1 ? `a fine of ${amounts[0]} to ${amounts[amounts.length - 1]}` : amounts.length === 1 ? `a fine of up to ${amounts[0]}` : '';
        const prison = jail ? `${fine ? ' or ' : ''}up to ${jail[1]} ${jail[2]} in jail` : '';
        add(fact('penalty', `Breaking this rule can bring ${fine}${prison}`, text.slice(Math.max(0, PENALTY.exec(text)!.index - 60), PENALTY.exec(text)!.index + 140), s.page));
      }
    }

    if (COMMENTS_DUE.test(text)) {
      const date = findDates(text, input.language)[0];
      if (date) add(fact('deadline', `Comments must be received by ${sayDate(date.iso)}`, date.text, s.page));
    }

    const strike = STRIKE_INSERT.exec(text);
    if (strike) add(fact('amendment', `It changes "${strike[1]}" to "${strike[2]}"`, strike[0], s.page));
    else {
      const amended = AMENDED.exec(text);
      if (amended) add(fact('amendment', `It amends ${amended[1]}`, amended[0], s.page));
    }

    const applies = APPLIES_TO.exec(text) ;
    if (applies) add(fact('affected', `It applies to ${applies[1]}`, applies[0], s.page));
    const affects = AFFECTS.exec(text);
    if (affects && /\b(?:estimate|proposed|rule|AD|registry|would)\b/i.test(text)) add(fact('affected', `It affects ${affects[1]}`, affects[0], s.page));
  }

  const adoption = adoptionFact(input, sentences);
  if (adoption) add(adoption);
  return facts;
};

/** "for the purchase of sites…, and maintenance, repairs, and alterations of library buildings" → its last purpose. */
const lastListItem = (purposes: string): string => {
  const items = purposes.split(/,\s+(?:and\s+)?(?=(?:the\s+)?(?:purchase|construction|maintenance|operation|repair|rental|payment|acquisition|improvement|support)\b)/i);
  return items[items.length - 1]!.replace(/^and\s+/i, '').trim();
};

/**
 * The adoption of the document with its roll call: "It was adopted on July 15, 2020, 7 to 0." Of several
 * adoption lines (a draft adopted, then the final text), the latest date is the adoption.
 */
const adoptionFact = (input: FinderInput, sentences: readonly PageSentence[]): DraftFact | null => {
  let best: { s: PageSentence; iso: string } | null = null;
  for (const s of sentences) {
    if (!ADOPTED.test(s.text) || !/^\s*(?:adopted|passed|approved|enacted|adopt|aprob|sancion|dad[ao])/i.test(s.text)) continue;
    const date = findDates(s.text, input.language)[0];
    if (date && (!best || date.iso > best.iso)) best = { s, iso: date.iso };
  }
  if (!best) return null;
  const page = input.pages.find((p) => p.number === best.s.page)?.text ?? '';
  const ayes = ROLL_CALL_AYES.exec(page);
  const nays = ROLL_CALL_NAYS.exec(page);
  const yes = ayes ? names(ayes[1]!).length : 0;
  const no = nays ? names(nays[1]!).length : 0;
  const tally = yes > 0 ? `, ${yes} to ${no}` : '';
  return fact('vote', `It was adopted on ${sayDate(best.iso)}${tally}`, best.s.text.slice(0, 160), best.s.page);
};
