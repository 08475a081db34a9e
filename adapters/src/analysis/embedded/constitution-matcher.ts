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
    concern: 'regulates firearms, which the Second Amendment addresses',
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
    weak: /\b(?:revoc\w+|revok\w+|suspen\w+|forfeit\w*|depriv\w+|hearing officer|appeal(?:s)? (?:of|from) (?:the )?(?:decision|determination))\b/gi,
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
    strong: /\b(?:equal protection|discriminat\w+|national origin|race|racial|ethnicity|sexual orientation|gender identity|disabilit(?:y|ies)|illegal (?:aliens?|immigrants?)|undocumented|unlawfully present)\b/gi,
    weak: /\b(?:aliens?|immigra\w+|citizenship|gender|sex|religion|age|minorit(?:y|ies)|classification|eligib\w+)\b/gi,
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
    strong: /\b(?:appropriat(?:ed|ion|ions)|authorization of appropriations|income tax|excise tax|internal revenue code|interstate commerce)\b/gi,
    weak: /\b(?:tax(?:es|ed)?|levy|levied|duties|imposts|excises?|federal funds?|grants?|commerce)\b/gi,
  },
  {
    provision: 'article-1-section-9',
    clause: /ex post facto/,
    concern: 'acts retroactively or singles out named people, which the Constitution forbids for penal laws',
    strong: /\b(?:ex post facto|bills? of attainder|retroactive(?:ly)?|habeas corpus)\b/gi,
    weak: /\b(?:shall apply to (?:taxable years|actions|conduct) (?:beginning|occurring) before|effective as if included)\b/gi,
  },
  {
    provision: 'article-1-section-10',
    clause: /Obligation of Contracts/,
    concern: 'changes existing contracts, which a State may not impair',
    strong: /\b(?:impair\w* (?:the )?obligations? of contracts?|existing contracts?|collective bargaining agreements?|prevailing wage)\b/gi,
    weak: /\b(?:contracts?|contractors?|agreements?|bonds?|debt)\b/gi,
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
    strong: /\b(?:income tax(?:es)?|taxable income|gross income|adjusted gross income)\b/gi,
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
    strong: /\b(?:non-?residents?|out-of-state residents?|residency requirements?)\b/gi,
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
  score: number;
}

const countHits = (re: RegExp | undefined, text: string): number => {
  if (!re) return 0;
  return new Set([...text.matchAll(re)].map((m) => m[0].toLowerCase())).size;
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
 * `weight` lets central sentences win ties over stray mentions.
 */
export const matchConstitution = (
  units: readonly TextUnit[],
  weight: (unit: TextUnit) => number = () => 1,
  limit = 5,
): ConstitutionalMatch[] => {
  const provisions = usConstitution();
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
        score: 5 * weight(unit),
      });
    }
    for (const topic of TOPICS) {
      const strong = countHits(topic.strong, unit.text);
      const weak = countHits(topic.weak, unit.text);
      if (strong === 0 && weak < 2) continue;
      const provision = findProvision(topic.provision, provisions);
      if (!provision) continue;
      consider(`${topic.provision}:${topic.clause.source}`, {
        provision,
        clause: clauseOf(provision, topic.clause),
        concern: topic.concern,
        unit,
        score: (2 * strong + weak) * weight(unit),
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
