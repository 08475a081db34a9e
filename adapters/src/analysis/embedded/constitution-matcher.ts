import type { TextUnit } from './sentence-segmenter.ts';
import { clauseOf, findProvision, fromRoman, usConstitution, type Provision } from './us-constitution.ts';

/**
 * A subject on which government documents meet the Constitution: where the document's words (`strong`:
 * one is enough; `weak`: two are needed, or one and the clause's own words) point to a provision,
 * and which clause of it (`clause`) applies.
 */
interface ConstitutionalTopic {
  provision: string;
  clause: RegExp;
  /** Completes "The document …". */
  concern: string;
  strong: RegExp;
  weak?: RegExp;
  /** Which governments the provision binds, when not all: Article I, Section 8 empowers Congress, not a library district. */
  level?: 'federal' | 'state-or-local';
}

const TOPICS: readonly ConstitutionalTopic[] = [
  {
    provision: 'amendment-1',
    clause: /speech/,
    concern: 'touches speech, the press, religion, assembly or petitioning the government',
    strong: /\b(?:freedom of (?:speech|the press|religion|assembly)|free speech|free exercise|religious (?:freedom|liberty|organi[sz]ations?)|worship|censor\w*|peaceabl\w* assembl\w*|picket\w*|protest(?:s|ers|ing)?|petition (?:the|their) government|redress of grievances)\b/gi,
    weak: /\b(?:speech|press|church(?:es)?|religio\w+|expression|demonstrations?|signs? (?:on|in) public|publication|solicit\w*|assembl(?:y|ies) (?:of|in) (?:the )?public)\b/gi,
  },
  {
    provision: 'amendment-2',
    clause: /keep and bear Arms/,
    concern: 'concerns firearms, which the Second Amendment addresses',
    strong: /\b(?:firearms?|handguns?|rifles?|shotguns?|ammunition|concealed carry|gun (?:control|owners?|permits?|dealers?|shows?))\b/gi,
    weak: /\b(?:guns?|weapons?|background checks?|arms)\b/gi,
  },
  {
    provision: 'amendment-4',
    clause: /searches and seizures/,
    concern: 'provides for searches, seizures, inspections or the collection of personal information',
    strong: /\b(?:search(?:es)? (?:of|and seizures?)|seiz(?:e|ed|ure|ures)\b|search warrants?|warrantless|surveillance|wiretap\w*|license plate readers?|facial recognition|geolocation)\b/gi,
    weak: /\b(?:warrants?|inspect(?:ion|ions|ed)?|searche?s?|monitor(?:ing)?|privacy|personal (?:data|information)|records? (?:of|on) (?:individuals|persons|customers)|subpoena\w*|cameras?|drones?|tracking)\b/gi,
  },
  {
    provision: 'amendment-5',
    clause: /private property/,
    concern: 'takes or restricts private property, which requires public use and just compensation',
    strong: /\b(?:eminent domain|condemnation|just compensation|taking of (?:private )?property|private property (?:shall|may) be taken)\b/gi,
    weak: /\b(?:private property|acquisition of (?:land|property|real estate)|property owners?|easements?|zoning)\b/gi,
  },
  {
    provision: 'amendment-5',
    clause: /due process/,
    concern: 'may deprive people of liberty or property, which requires due process of law',
    strong: /\b(?:due process|self-incriminat\w*|double jeopardy|grand jury|indictment)\b/gi,
    weak: /\b(?:revoc\w+|revok\w+|forfeit\w*|depriv\w+|hearing officer|appeal(?:s)? (?:of|from) (?:the )?(?:decision|determination))\b/gi,
    level: 'federal',
  },
  {
    // The Fifth binds the federal government; a State, county, city or district answers to the Fourteenth.
    provision: 'amendment-14-section-1',
    clause: /due process/,
    concern: 'may deprive people of liberty or property, which a State or local government may do only with due process of law',
    strong: /\b(?:due process|tax (?:sales?|liens?|deeds?)|delinquent (?:taxes|tax bills?)|foreclos\w+|without (?:prior )?notice(?: or (?:a )?hearing)?)\b/gi,
    weak: /\b(?:revoc\w+|revok\w+|forfeit\w*|depriv\w+|hearing officer|appeal(?:s)? (?:of|from) (?:the )?(?:decision|determination))\b/gi,
    level: 'state-or-local',
  },
  {
    provision: 'amendment-6',
    clause: /criminal prosecutions/,
    concern: 'concerns criminal prosecutions, where the accused has the rights to a speedy, public jury trial and to counsel',
    strong: /\b(?:criminal prosecutions?|speedy trial|right to counsel|public defenders?|the accused|criminal (?:trial|defendants?))\b/gi,
    weak: /\b(?:misdemeanou?r|felony|prosecut\w+|defendants?|counsel|convicted)\b/gi,
  },
  {
    provision: 'amendment-8',
    clause: /Excessive bail/,
    concern: 'sets fines, bail or punishments, which the Eighth Amendment forbids to be excessive',
    strong: /\b(?:excessive (?:bail|fines?)|cruel and unusual|bail|imprison(?:ed|ment)|death penalty|capital punishment)\b/gi,
    weak: /\b(?:fines?|fined|penalt(?:y|ies)|punish(?:ed|ment|able)|jail)\b/gi,
  },
  {
    provision: 'amendment-10',
    clause: /reserved to the States/,
    concern: 'divides power between the federal government and the States',
    strong: /\b(?:reserved to the states|unfunded mandates?|preempt(?:s|ed|ion)?|commandeer\w*|state sovereignty|federal mandates?)\b/gi,
    weak: /\b(?:states? (?:shall|must) (?:adopt|enact|implement)|condition(?:ed)? (?:of|on) (?:receiving|receipt of) (?:federal )?funds|block grants?)\b/gi,
  },
  {
    provision: 'amendment-14-section-1',
    clause: /equal protection/,
    concern: 'treats groups of people differently, which the Equal Protection Clause limits',
    // A form's "Race or Ethnicity:" field is no classification: the strong words are about treating people differently.
    strong: /\b(?:equal protection|discriminat\w+|(?:on the basis|because) of (?:their )?(?:race|color|national origin|sex|religion|disability|sexual orientation|gender identity)|illegal (?:aliens?|immigrants?)|unlawfully present)\b/gi,
    weak: /\b(?:race|racial|ethnicity|national origin|sexual orientation|gender identity|disabilit(?:y|ies)|undocumented|aliens?|immigra\w+|citizenship|minorit(?:y|ies)|classification)\b/gi,
    // The clause binds the States; "discriminatee" in a federal labour decision is a term of the labour laws.
    level: 'state-or-local',
  },
  {
    provision: 'amendment-15-section-1',
    clause: /right of citizens/,
    concern: 'concerns voting, which no government may deny or abridge on account of race, sex or age',
    strong: /\b(?:right to vote|voting rights|voter (?:registration|identification|id|rolls?)|polling (?:places?|stations?)|absentee ballots?|poll tax(?:es)?|ballot access|redistricting)\b/gi,
    weak: /\b(?:voters?|ballots?|elections? (?:officials?|day|laws?)|precincts?)\b/gi,
  },
  {
    provision: 'article-1-section-8',
    clause: /lay and collect Taxes/,
    concern: 'taxes or spends for the general welfare, a power the Constitution gives Congress and limits',
    strong: /\b(?:authorization of appropriations|(?:are|is) (?:hereby )?(?:authorized to be )?appropriated|income tax|excise tax|internal revenue code|interstate commerce)\b/gi,
    weak: /\b(?:tax(?:es|ed)?|levy|levied|duties|imposts|excises?|federal funds?|grants?|commerce)\b/gi,
    level: 'federal',
  },
  {
    provision: 'article-1-section-9',
    clause: /ex post facto/,
    concern: 'acts retroactively or singles out named people, which the Constitution forbids for penal laws',
    strong: /\b(?:ex post facto|bills? of attainder|habeas corpus|(?:shall|must|will) (?:apply|take effect) retroactively)\b/gi,
    weak: /\b(?:shall apply to (?:taxable years|actions|conduct) (?:beginning|occurring) before|effective as if included)\b/gi,
  },
  {
    provision: 'article-1-section-10',
    clause: /Obligation of Contracts/,
    concern: 'changes existing contracts, which a State may not impair',
    // Only a law that changes contracts already made: a body amending its own agreement by consent impairs nothing.
    strong: /\b(?:impair\w* (?:the )?obligations? of contracts?|(?:void|cancel|modify|amend|terminate)s? (?:all |any )?existing contracts?|existing contracts? (?:are|is|shall be) (?:void|voided|cancell?ed|modified|terminated))\b/gi,
    level: 'state-or-local',
  },
  {
    provision: 'amendment-13-section-1',
    clause: /involuntary servitude/,
    concern: 'requires labour, which must not amount to involuntary servitude',
    strong: /\b(?:involuntary servitude|forced labou?r|slavery|prison labou?r|compulsory (?:service|labou?r))\b/gi,
    weak: /\b(?:work requirements?|community service|labou?r camps?)\b/gi,
  },
  {
    provision: 'amendment-16',
    clause: /taxes on incomes/,
    concern: 'taxes incomes, which the Sixteenth Amendment allows Congress to do',
    strong: /\b(?:income tax(?:es)?|tax(?:es)? on (?:incomes?|wages)|taxable income)\b/gi,
    level: 'federal',
  },
  {
    provision: 'article-6',
    clause: /supreme Law of the Land/,
    concern: 'sets federal law against state or local law, where federal law is supreme',
    strong: /\b(?:supremacy clause|supreme law of the land|notwithstanding any (?:other )?provision of (?:state|local) law|supersed\w+ (?:any )?state law)\b/gi,
  },
  {
    provision: 'article-4-section-2',
    clause: /Privileges and Immunities/,
    concern: 'treats residents of other States differently',
    // The clause protects citizens of other States, not people living outside a library or school district.
    strong: /\b(?:out-of-state (?:residents?|citizens?|applicants?|businesses)|(?:residents?|citizens) of (?:other|another) states?|non-?residents? of (?:this|the) state)\b/gi,
  },
];

/** "Fourth Amendment", "Amendment XIV", "Article I, Section 8" written out in a document. */
const MENTION =
  /\b(?:(First|Second|Third|Fourth|Fifth|Sixth|Seventh|Eighth|Ninth|Tenth|Eleventh|Twelfth|Thirteenth|Fourteenth|Fifteenth|Sixteenth|Seventeenth|Eighteenth|Nineteenth|Twentieth|Twenty-\w+) Amendment|Amendment ([IVXL]+)\b|Article ([IVX]+),? (?:Section|§) ?(\d+) of the (?:United States |U\.S\. )?Constitution)/gi;

export interface ConstitutionalMatch {
  provision: Provision;
  /** The words of the Constitution the issue rests on. */
  clause: string;
  concern: string;
  /** The document sentence it rests on. */
  unit: TextUnit;
  /** Where in `unit.text` the words that raised it are. */
  hit: { index: number; length: number };
  score: number;
}

const hitsOf = (re: RegExp | undefined, text: string): RegExpExecArray[] => (re ? [...text.matchAll(re)] : []);
const distinct = (hits: readonly RegExpExecArray[]): number => new Set(hits.map((m) => m[0].toLowerCase())).size;

/** The document itself acts (commands, permits, forbids), rather than reports or lists. */
const OPERATIVE = /\b(?:shall|must|may|is (?:hereby )?(?:authorized|required|prohibited)|are (?:hereby )?(?:authorized|required|prohibited)|authoriz\w+|prohibit\w*|unlawful|be it (?:ordained|enacted|resolved))\b/i;

const FEDERAL = /\b(?:Congress|Federal Register|U\.S\.C\.|C\.F\.R\.|CFR|United States Code|Internal Revenue|federal agency|Secretary of (?:the )?[A-Z]\w+|National Labor Relations Board|Federal Aviation Administration)\b/g;
const STATE_OR_LOCAL = /\b(?:ordinance|village|city council|county board|library district|school district|park district|township|municipal\w*|ILCS|State of [A-Z]\w+|Board of (?:Trustees|Education|Commissioners))\b/gi;

/** Which governments' document this is, by the institutions it names most. */
export const governmentLevel = (units: readonly TextUnit[]): 'federal' | 'state-or-local' => {
  let federal = 0;
  let local = 0;
  for (const u of units) {
    federal += u.text.match(FEDERAL)?.length ?? 0;
    local += u.text.match(STATE_OR_LOCAL)?.length ?? 0;
  }
  return federal > local ? 'federal' : 'state-or-local';
};

const mentionedProvisionId = (m: RegExpMatchArray): string | null => {
  if (m[1]) {
    const n = ['first', 'second', 'third', 'fourth', 'fifth', 'sixth', 'seventh', 'eighth', 'ninth', 'tenth', 'eleventh', 'twelfth', 'thirteenth', 'fourteenth', 'fifteenth', 'sixteenth', 'seventeenth', 'eighteenth', 'nineteenth', 'twentieth'].indexOf(m[1].toLowerCase()) + 1;
    return n > 0 ? `amendment-${n}` : null;
  }
  if (m[2]) return `amendment-${fromRoman(m[2].toUpperCase())}`;
  if (m[3] && m[4]) return `article-${fromRoman(m[3].toUpperCase())}-section-${m[4]}`;
  return null;
};

/**
 * Matches a document against the Constitution: provisions it names outright, then the curated topics,
 * each scored on the sentence that evidences it best. One issue per provision clause, strongest first.
 * Fewer, better-grounded issues over many loose ones: a topic counts only where the document itself
 * commands, permits or forbids (not where it reports, lists or budgets), on one strong word or two weak ones; and a
 * provision that binds one level of government is never raised against another's document.
 * `weight` lets central sentences win ties over stray mentions.
 */
export const matchConstitution = (
  units: readonly TextUnit[],
  weight: (unit: TextUnit) => number = () => 1,
  limit = 5,
): ConstitutionalMatch[] => {
  const provisions = usConstitution();
  const level = governmentLevel(units);
  const topics = TOPICS.filter((t) => !t.level || t.level === level);
  const best = new Map<string, ConstitutionalMatch>();
  const consider = (key: string, match: ConstitutionalMatch) => {
    const current = best.get(key);
    if (!current || match.score > current.score) best.set(key, match);
  };
  for (const unit of units) {
    if (unit.kind !== 'prose' || unit.wordCount < 4) continue;
    for (const m of unit.text.matchAll(MENTION)) {
      const id = mentionedProvisionId(m);
      const provision = id ? findProvision(id, provisions) : undefined;
      if (!provision) continue;
      consider(`mention:${provision.id}`, {
        provision,
        clause: clauseOf(provision),
        concern: `refers to the ${m[0].replace(/\s+/g, ' ')} itself`,
        unit,
        hit: { index: m.index, length: m[0].length },
        score: 5 * weight(unit),
      });
    }
    // A report, a footnote or a line of a budget ("Surveillance camera system 1,500") is no provision.
    if (!OPERATIVE.test(unit.text) || unit.stopWordRatio < 0.25) continue;
    for (const topic of topics) {
      const strong = hitsOf(topic.strong, unit.text);
      const weak = hitsOf(topic.weak, unit.text);
      if (strong.length === 0 && distinct(weak) < 2) continue;
      const provision = findProvision(topic.provision, provisions);
      if (!provision) continue;
      const first = (strong[0] ?? weak[0])!;
      consider(`${topic.provision}:${topic.clause.source}`, {
        provision,
        clause: clauseOf(provision, topic.clause),
        concern: topic.concern,
        unit,
        hit: { index: first.index, length: first[0].length },
        score: (2 * distinct(strong) + distinct(weak)) * weight(unit),
      });
    }
  }
  // A provision named outright and matched by topic is one issue, not two.
  const chosen: ConstitutionalMatch[] = [];
  for (const match of [...best.values()].sort((a, b) => b.score - a.score)) {
    if (chosen.some((c) => c.provision.id === match.provision.id && c.clause === match.clause)) continue;
    chosen.push(match);
    if (chosen.length >= limit) break;
  }
  return chosen;
};
