import type { DocumentKind } from '@civicwatch/core/contracts/analysis-catalogue.ts';
import type { DocumentLanguage } from '@civicwatch/core/contracts/analysis-result.contract.ts';
import type { ExtractedPage } from '@civicwatch/core/analysis/text-extractor.port.ts';

/**
 * What kind of document this is, read from its structure and vocabulary in English, French and Spanish.
 *
 * Each kind gathers points: its name in a title line near the top (the strongest sign: "MINUTES OF THE REGULAR
 * MEETING", "ORDRE DU JOUR", "ORDENANZA N° 12"), the formulas its body is written in ("BE IT ORDAINED", "adopté
 * à l'unanimité", "NOTICE IS HEREBY GIVEN"), and the shape of its lines (rows of figures, speaker turns, one
 * vote per line). The kind with the most points wins. A meeting packet is recognised apart: an agenda followed
 * by documents of several other kinds. Phrases of English, French or Spanish are looked for in a document of
 * that language, and all of them when its language is another or unknown (a table of figures has none).
 *
 * Null only when nearly nothing points anywhere (under MIN_POINTS: a letter, a list of names, a blank form that
 * does not name itself; "NOTICE OF INTENT" on a form makes it a notice): "Not determined" is better than a guess
 * with no ground.
 *
 * Only bounded windows are read (the first characters of each page, a sample of the pages, lines cut to a
 * length), so a 1 MB line or a 500-page document costs no more than a few dozen ordinary pages.
 *
 * Long because each kind's signs in three languages are data kept beside the scoring that weighs them: a kind's
 * vocabulary is changed where its weight is.
 */

/** The top of the first page with text: where a document names itself. */
const HEAD_CHARACTERS = 4000;
/**
 * What is read of each page: its heading and first paragraphs carry its kind. Reading further down long pages
 * was tried: it adds the vocabulary of the subject (a bill's "appropriations", "fiscal year") more than of the form.
 */
const PAGE_WINDOW = 2500;
/** Pages read at most, spread evenly over the document. */
const MAX_PAGES = 80;
/** Longer lines are cut: the words that matter open a line. */
const MAX_LINE = 300;
/**
 * A title is a short line; a longer one is a sentence that may merely mention a kind. At the very top of a page
 * a title may run long ("Procès-verbal de la séance ordinaire du conseil tenue le 20 avril 2023 à 19 h 30...").
 */
const MAX_TITLE_LENGTH = 120;
const MAX_TITLE_WORDS = 20;
const TOP_LINES = 3;
/** A title names its kind early ("Regular Meeting Minutes"); a kind named further on is mentioned in passing. */
const MAX_TITLE_KIND_INDEX = 40;
/** Lines at the top of a page looked at for the title of a document that starts there (packets). */
const OPENING_LINES = 6;
/** A packet is long: an agenda with the documents it refers to. */
const MIN_PACKET_PAGES = 8;

const FIRST_TITLE_POINTS = 12;
const OTHER_TITLE_POINTS = 6;
const STRONG_POINTS = 3;
const WEAK_POINTS = 1;
/** Occurrences of one phrase counted at most: a word repeated a hundred times is not a hundred signs. */
const MAX_COUNT = 3;
/**
 * Points a kind can earn from its phrases. Some kinds have many more words of their own than others (a budget's
 * "fund", "revenue", "expenditure"...); the caps keep a long list of words from outweighing a title.
 */
const MAX_STRONG_POINTS = 15;
const MAX_WEAK_POINTS = 8;
/** Below this a document is not said to be of any kind. */
const MIN_POINTS = 3;

type Language = 'en' | 'fr' | 'es';

interface Cue {
  pattern: RegExp;
  /** The language the phrase belongs to; none when it is the same in all. */
  language?: Language;
}

interface KindCues {
  kind: DocumentKind;
  /**
   * A "form" names what a document is (minutes, ordinance, notice); a "subject" what it is about or how it is
   * laid out (budget, plan, report, table). In a title naming both, the form wins: "Ordinance adopting the
   * budget" is an ordinance, "Notice of public hearing on the plan" a notice.
   */
  tier: 'form' | 'subject';
  title: Cue[];
  strong: Cue[];
  weak: Cue[];
}

/**
 * A phrase as a pattern: whole words, any run of white space between words (a phrase may break across lines),
 * case ignored. Text is matched without its accents (see `plain`), so phrases are written without them. The
 * phrases have no nested repetition, so a match is linear in the text.
 */
const cue = (language: Language | undefined, source: string, global: boolean): Cue => {
  const spaced = source.replaceAll(' ?', '\\s?').replaceAll(' ', '\\s+');
  const pattern = new RegExp(`\\b(?:${spaced})(?![a-z0-9])`, global ? 'gi' : 'i');
  return language ? { pattern, language } : { pattern };
};
const cues = (language: Language | undefined, global: boolean, sources: string[]): Cue[] =>
  sources.map((s) => cue(language, s, global));
const title = (language: Language | undefined, ...sources: string[]): Cue[] => cues(language, false, sources);
const body = (language: Language | undefined, ...sources: string[]): Cue[] => cues(language, true, sources);

/** "Supplemental decision and order", "Memorandum opinion": words that may come before a decision's name. */
const DECISION_QUALIFIER = '(?:supplemental|final|proposed|interim|amended|memorandum|summary|consent|per curiam)';
/** A blank left for a name: "Moved by: ________" is written before the meeting, not after it. */
const BLANK = '\\s?:?\\s?_';

// The order breaks ties between form kinds whose names start at the same place in a title: "Public notice of
// special meeting" announces a meeting and what it will take up, an agenda; "Acta de votación" is a vote record.
const KIND_CUES: KindCues[] = [
  {
    kind: 'packet',
    tier: 'form',
    title: title('en', '(?:board|agenda|meeting|council|commission) (?:packet|book)'),
    strong: [],
    weak: [],
  },
  {
    kind: 'transcript',
    tier: 'form',
    title: [
      ...title('en', '(?:verbatim )?transcript', 'verbatim (?:record|report)', 'oral argument', 'stenographic record'),
      ...title('fr', 'transcription', 'journal des debats', 'stenographie'),
      ...title('es', 'version (?:taquigrafica|estenografica)', 'diario de sesiones', 'transcripcion'),
    ],
    strong: [
      ...body('en', 'oral argument', 'appearances:', 'above-entitled (?:matter|cause)', 'court reporter',
        'shorthand reporter', '\\(whereupon', '\\((?:laughter|applause|pause)\\)', '\\[(?:laughter|applause)\\]',
        'reported by'),
      ...body('fr', 'la seance est ouverte', '\\((?:rires|applaudissements)\\)'),
      ...body('es', '\\((?:risas|aplausos)\\)', 'tiene la palabra', 'pide la palabra'),
    ],
    weak: body('en', 'proceedings', 'testimony', 'witness'),
  },
  {
    kind: 'vote-record',
    tier: 'form',
    title: [
      ...title('en', 'vote record', 'record of (?:roll call )?votes', 'voting record', 'statement of votes',
        'election results', '(?:official )?canvass', 'roll call votes'),
      ...title('fr', 'resultats? (?:du scrutin|des votes|des elections)', 'releve des votes'),
      ...title('es', 'resultados? (?:de la votacion|electorales|del escrutinio)', '(?:acta de )?votacion nominal',
        'acta de votacion', 'escrutinio'),
    ],
    strong: [
      ...body('en', 'yeas and nays', 'not voting', 'yea', 'nay'),
      ...body('fr', 'bulletins (?:blancs|nuls)', 'suffrages exprimes'),
      ...body('es', 'votos (?:afirmativos|negativos|emitidos|en blanco)', 'por la (?:afirmativa|negativa)'),
    ],
    weak: body(undefined, 'abstentions?', 'votes?', 'votos?', 'votes cast'),
  },
  {
    kind: 'minutes',
    tier: 'form',
    title: [
      // "3 minutes", "(30 minutes)" are lengths of time, not a record of a meeting.
      ...title('en', '(?<![\\d)]\\s{0,2})minutes', '^(?:official |journal of (?:the )?)?proceedings', 'summary of proceedings',
        // An agenda annotated with what was done is the record of the meeting.
        'annotated agenda', 'action (?:minutes|summary)', 'summary of actions?'),
      ...title('fr', 'proces[- ]verbal', 'compte[- ]?rendu'),
      ...title('es', 'acta'),
    ],
    strong: [
      ...body('en', `(?:moved|seconded) by(?!${BLANK})`, 'motion (?:carried|passed|failed|approved|adopted|died)',
        '(?:carried|approved|adopted|passed) unanimously', 'unanimously (?:carried|approved|adopted|passed)',
        'called (?:the )?(?:regular |special |public )?(?:meeting |session )?to order', 'm/s/c', 'vote: (?:all )?ayes',
        '(?:adopted|carried|passed|approved|failed) \\d{1,2}-\\d{1,2}', '(?:meeting )?(?:was )?adjourned at(?! _)', 'seconded the motion',
        'the motion (?:carried|passed|failed)'),
      ...body('fr', 'adopte(?:e|s|es)? a l\'unanimite', 'a l\'unanimite', 'apres en avoir delibere',
        'secretaire de seance', 'seance (?:est )?levee', `il est propose par(?!${BLANK})`,
        `appuye(?:e)? par(?!${BLANK})`, 'voix pour', 'votants', 'absents? excuses?'),
      ...body('es', 'por unanimidad', 'se levanta la sesion', 'siendo las \\d', 'votos a favor',
        'sometid[oa] (?:el asunto |la propuesta )?a votacion', 'queda(?:n)? aprobad[oa]s?', 'se acuerda',
        '(?:senores )?asistentes:', 'ausentes:', 'da fe del acto'),
    ],
    weak: [
      ...body('en', '(?:present|absent|attending):', 'ayes?', 'nays?', 'motion', 'seconded', 'approved', 'quorum',
        'abstain(?:ed)?'),
      ...body('fr', 'presents?', 'absents?', 'quorum', 'le conseil municipal', 'delibere', 'et resolu'),
      ...body('es', 'asistentes', 'ausentes', 'quorum', 'acuerdo', 'aprobad[oa]'),
    ],
  },
  {
    kind: 'agenda',
    tier: 'form',
    title: [
      ...title('en', '(?<!consent |regular )agenda', 'order of business',
        '^(?:public )?notice of (?:a |the )?(?:regular |special |annual |emergency |rescheduled )?(?:[a-z]{1,30} )?meeting'),
      ...title('fr', 'ordre du jour'),
      // A "convocatoria" also calls for applicants or grants; only the call to a session is an agenda.
      ...title('es', 'orden del dia', 'convocatoria(?= (?:de|a) (?:la )?sesion| del pleno|$)'),
    ],
    strong: [
      ...body('en', 'call to order(?! at)', 'items? for (?:possible )?action', '\\(action\\)',
        'discussion and (?:possible )?action', `(?:moved|seconded|motion|second) by${BLANK}`),
      ...body('fr', `(?:propose|appuye) par${BLANK}`),
      ...body('es', `(?:propuesto|secundado) por${BLANK}`),
    ],
    weak: [
      ...body('en', 'adjournment', 'public comments?', 'approval of (?:the )?(?:minutes|agenda)', 'new business',
        '(?:old|unfinished) business', 'closed session', 'roll call', 'consent agenda', 'agenda'),
      ...body('fr', 'ouverture de la seance', 'adoption de l\'ordre du jour', 'periode de questions',
        'levee de la seance', 'varia', 'ordre du jour', 'avis de motion', 'aucun point'),
      ...body('es', 'lectura y aprobacion', 'si procede', 'ruegos y preguntas', 'orden del dia', 'dar cuenta'),
    ],
  },
  {
    kind: 'bill',
    tier: 'form',
    title: [
      ...title('en', 'a bill', '(?:house|senate|assembly|legislative) bill', 'bill no\\.? ?\\d',
        '^h\\. ?r\\. ?\\d{1,5}$', '^s\\. ?\\d{1,5}$'),
      ...title('fr', 'projet de loi', 'proposition de loi'),
      ...title('es', 'proyecto de ley'),
    ],
    strong: [
      ...body('en', 'be it enacted', 'introduced the following bill', 'in the house of representatives',
        'in the senate of the united states', 'a bill to', '(?:is|are each) amended (?:by|to read)',
        'this act may be cited as', 'short title', '(?:the )?congress (?:finds|makes the following findings)',
        'an act relating to', 'sec\\. ?\\d{1,3}\\.'),
      ...body('fr', 'le parlement a (?:adopte|delibere)', 'l\'assemblee nationale a adopte', 'expose des motifs'),
      ...body('es', 'sancionan? con fuerza de ley', 'exposicion de motivos', 'el congreso (?:de la nacion )?decreta'),
    ],
    weak: [
      ...body('en', 'enacted', 'legislature', 'amended', 'bill'),
      ...body('fr', 'article \\d', 'loi'),
      ...body('es', 'articulo \\d', 'ley'),
    ],
  },
  {
    kind: 'rule',
    tier: 'form',
    title: [
      ...title('en', '(?:proposed|final|interim final|temporary|emergency|direct final) rules?',
        'rules and regulations', 'notice of proposed rule ?making', '\\d{1,2} cfr(?: parts?)?', 'administrative code'),
      ...title('fr', 'projet de reglement', 'reglement (?:ministeriel|grand-ducal)'),
      ...title('es', 'proyecto de reglamento'),
    ],
    strong: [
      ...body('en', 'comments must be received', 'notice of proposed rule ?making', 'action: (?:proposed|final) rule',
        'for further information contact', 'regulatory flexibility act', 'paperwork reduction act',
        'executive order 12866', 'submit comments', 'rule ?making'),
      ...body('fr', 'gazette officielle', 'projet de reglement', 'pourra etre edicte'),
    ],
    weak: body(undefined, 'cfr', 'agency:', 'summary:', 'dates:', 'regulations?', 'docket', 'federal register'),
  },
  {
    kind: 'ordinance',
    tier: 'form',
    title: [
      ...title('en', 'ordinance', 'resolution', 'by-?law', 'executive order', 'local law'),
      ...title('fr', 'reglement', 'resolution', 'arrete (?:municipal|du maire|prefectoral|n)', 'decret',
        // An extract of the register or of the minutes carries one resolution.
        'extrait (?:du registre|du proces-verbal)', 'deliberation'),
      ...title('es', 'ordenanza', 'resolucion', 'decreto', 'reglamento'),
    ],
    strong: [
      ...body('en', 'be it (?:further )?(?:ordained|resolved)', 'now,? therefore', 'passed,? (?:approved,? )?and adopted',
        'passed and approved', 'adopted this \\d', 'does (?:hereby )?ordain', 'hereby (?:ordains|resolves)',
        'shall (?:be|take) (?:in full force and )?effect'),
      ...body('fr', 'attendu que', 'il est (?:par la presente )?(?:decrete|ordonne|statue)', 'decrete',
        'arrete ?:', 'le conseil (?:municipal )?(?:decrete|ordonne|statue)', 'entre(?:ra)? en vigueur',
        'pour extrait (?:certifie )?conforme', 'ainsi fait et delibere'),
      ...body('es', 'sanciona con fuerza de ordenanza', 'ordena ?:', 'decreta ?:', 'resuelve ?:',
        'el (?:honorable )?concejo deliberante', 'ordenase', 'comuniquese'),
    ],
    weak: [
      ...body('en', 'whereas', 'section \\d', 'ordinance', 'resolution', 'hereby', 'ordained'),
      ...body('fr', 'considerant que', 'article \\d', 'reglement', 'resolution', 'vu (?:le|la|les|l\')', 'objet ?:'),
      ...body('es', 'considerando', 'visto', 'articulo \\d', 'ordenanza', 'resolucion'),
    ],
  },
  {
    kind: 'decision',
    tier: 'form',
    title: [
      ...title('en', `^(?:${DECISION_QUALIFIER} )?(?:decision|opinion|judgment|ruling|order(?! of business| of the day))`,
        'findings of fact'),
      ...title('fr', '^(?:arret|jugement|decision|ordonnance)'),
      ...title('es', '^(?:sentencia|fallo|laudo)'),
    ],
    strong: [
      ...body('en', 'it is (?:hereby |further )?ordered', 'board (?:finds|found|concludes|adopts|affirms)',
        'dissent(?:ing)?', 'concurring', 'administrative law judge', 'we (?:affirm|reverse|remand|agree)',
        '(?:affirmed|reversed|vacated) (?:and remanded|in part)', 'the judge(?:\'s)?', 'exceptions', 'presiding judge',
        '(?:plaintiff|defendant|petitioner|respondent)-(?:appellant|appellee|respondent|petitioner)'),
      ...body('fr', 'par ces motifs', 'statuant', 'le tribunal', 'la cour'),
      ...body('es', 'fallo:', 'resuelvo', 'se resuelve', 'el tribunal', 'la sala'),
    ],
    weak: [
      ...body('en', 'petitioner', 'respondent', 'appellant', 'appellee', 'plaintiff', 'defendant', 'employer',
        'charging party', 'v\\.', 'case no\\.?', 'findings'),
      ...body('fr', 'requerant', 'demandeur', 'defendeur'),
      ...body('es', 'recurrente', 'demandante', 'demandado'),
    ],
  },
  {
    kind: 'notice',
    tier: 'form',
    title: [
      // A line that is only "Public notice" or "Notice of ...": "NOTICE: This opinion is subject to revision" is not.
      ...title('en', '^(?:public |legal |official )?notice(?= of | to |$)', 'notice of public hearing',
        'invitation to bid', 'request for (?:proposals|bids|qualifications)'),
      // "Avis public", "Avis d'enquête", "Avis aux créanciers"; "Avis est donné que..." opens a sentence.
      ...title('fr', '^avis(?=$| public| d\'| de | aux | a )'),
      ...title('es', '^(?:edicto|anuncio|aviso)(?=[ :]|$)', 'bases (?:reguladoras )?de (?:la )?convocatoria'),
    ],
    strong: [
      ...body('en', 'notice is hereby given', 'public hearing will be held', 'hereby gives? notice',
        'sealed (?:bids|proposals)', 'notice to (?:creditors|bidders|contractors)'),
      ...body('fr', 'avis (?:public )?est (?:par la presente |par les presentes )?donne', 'est par la presente donne'),
      ...body('es', '(?:se )?hace saber', 'hacer saber', 'cita y emplaza', 'edictos?', 'comunica por [a-z]+ dias',
        'se cita', 'legalmente notificad[oa]s?', 'informacion publica', 'se expone al publico',
        'plazo de (?:presentacion|[a-z]+ dias (?:habiles|naturales))'),
    ],
    weak: [
      ...body('en', 'public hearing', 'interested (?:persons|parties)', 'any person', 'notice'),
      ...body('fr', 'personnes? interessees?', 'avis'),
      ...body('es', 'interesados', 'por el termino de', 'notifiquese', 'publiquen?se'),
    ],
  },
  {
    kind: 'budget',
    tier: 'subject',
    title: [...title('en', 'budget'), ...title('fr', 'budget'), ...title('es', 'presupuestos?')],
    strong: [
      ...body('en', 'line[- ]item', 'fund balances?', 'appropriat(?:ion|ions|ed)', 'budgeted',
        '(?:general|special revenue|enterprise|capital projects?) fund'),
      ...body('fr', 'section (?:de fonctionnement|d\'investissement)', 'credits (?:ouverts|budgetaires)'),
      ...body('es', 'creditos (?:iniciales|presupuestarios)', 'partidas?', 'capitulo \\d'),
    ],
    weak: [
      ...body('en', 'budget', 'fiscal year', 'fy ?\\d{2,4}', 'revenues?', 'expenditures?', 'income', 'expenses',
        'levy', 'fund'),
      ...body('fr', 'budget', 'depenses', 'recettes', 'exercice'),
      ...body('es', 'presupuesto', 'ingresos', 'gastos', 'ejercicio'),
    ],
  },
  {
    kind: 'plan',
    tier: 'subject',
    title: [
      ...title('en', 'plan(?! commission)', 'capital improvements? program'),
      ...title('fr', 'plan(?! de financement)', 'schema (?:directeur|de coherence)', 'programme pluriannuel'),
      ...title('es', 'plan(?! de financiacion)'),
    ],
    strong: [
      ...body(undefined, '(?:goal|objective|strategy|action|objectif|orientation|objetivo|meta|eje) \\d{1,2}(?:\\.\\d{1,2})?'),
      ...body('en', 'implementation (?:plan|strategy|schedule)', 'action items?', 'vision statement'),
      ...body('fr', 'plan d\'action', 'mise en (?:œ|oe)uvre'),
      ...body('es', 'lineas? de accion', 'ejes? estrategicos?'),
    ],
    weak: [
      ...body('en', 'goals?', 'objectives?', 'strategies', 'implementation', 'vision', 'priorities', 'timeline'),
      ...body('fr', 'objectifs?', 'orientations', 'enjeux'),
      ...body('es', 'objetivos?', 'metas', 'estrategias?'),
    ],
  },
  {
    kind: 'report',
    tier: 'subject',
    title: [
      ...title('en', 'report', 'audit', 'study', 'assessment', 'evaluation', 'financial statements?',
        'statement of (?:revenues|income|assets|net position|activities)'),
      ...title('fr', 'rapport', 'bilan', 'etude'),
      ...title('es', 'informe', 'memoria', 'estudio'),
    ],
    strong: [
      ...body('en', 'executive summary', 'key findings', 'recommendations', 'methodology', 'this report'),
      ...body('fr', 'synthese', 'recommandations', 'ce rapport', 'le present rapport'),
      ...body('es', 'resumen ejecutivo', 'recomendaciones', 'este informe', 'el presente informe'),
    ],
    weak: [
      ...body('en', 'findings', 'analysis', 'summary', 'conclusions?', 'introduction', 'background'),
      ...body('fr', 'conclusions?', 'analyse', 'introduction'),
      ...body('es', 'conclusiones', 'analisis', 'introduccion', 'antecedentes'),
    ],
  },
  {
    kind: 'table',
    tier: 'subject',
    title: [
      // "Table 324.", "Tableau A-2", "Cuadro 3", but not "Table of contents".
      ...title(undefined, '^(?:table|tableau|tabla|cuadro) (?:\\d{1,3}|[a-z](?:-?\\d{1,3})?)(?:[.-]\\d{1,3})?'),
      ...title('en', 'listing', 'list of', 'statistical (?:abstract|summary|tables?)', 'statistics', 'roster'),
      ...title('fr', 'liste des', 'statistiques'),
      ...title('es', 'listado', 'estadisticas'),
    ],
    strong: [],
    weak: body(undefined, 'totals?', 'subtotal'),
  },
];

/**
 * "1.", "2.1", "II.", "a)", "Section 3", "ASUNTO IV", "2023-03-045" (a resolution's number in minutes): an item of
 * a list or a part of a text, not a document's name.
 */
const ENUMERATED =
  /^(?:\(?(?:\d{1,3}[.)\]]|\d{1,3}(?:\.\d{1,3}){1,3}\.?\s|\d{2,4}[.-]\d{1,3}[.-]\d{1,5}\s|[ivxlc]{1,6}[.)\]]|[a-z][.)\]](?=\s{0,3}[a-z]{2}))|(?:section|sec\.|article|art\.|articulo|chapter|chapitre|capitulo|asunto|punto|point|item|part|partie)\s{0,3}[\divxlc]{1,6}(?![a-z]))/i;

/**
 * "Approval of the minutes", "Adoption de l'ordre du jour", "Aprobación del acta": an item about a document, not
 * the document. "Adopted budget", "Approved minutes" are the document itself.
 */
const ITEM_ABOUT =
  /\b(?:approv(?:e|al|ing)|adopt(?:ion|ing)?|review(?:ing)?|ratif(?:y|ying|ication)|accept(?:ance|ing)?|consider(?:ation|ing)?|receiv(?:e|ing)|read(?:ing)?|presentation|discuss(?:ion)?|aprobacion|aprobar|lectura|dar cuenta|approbation|examen|depot)\b/i;

/** A lower-case word of four letters or more: the words around it are a sentence, not a title. */
const LOWER_WORD = /(?:^|\s)[a-z][a-z]{3}/;

/** "...of them. The election...": a sentence ends inside the line. */
const SENTENCE_BREAK = /[a-z]{2}\. [A-Z]/;

/** Text without accents, apostrophes made plain: "Procès-verbal" is matched as "Proces-verbal", OCR's too. */
const plain = (text: string): string =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[’‘`]/g, "'");

/**
 * "...the Committee on Health, Education, Labor, and": a line that stops in the middle of a sentence, on a
 * lower-case word or a comma ("7:00 p.m." ends a line of its own).
 */
const ENDS_MID_SENTENCE = /(?:^|\s)[a-z]\S*[^\s.:;!?)]$|,$/;

/** Quotes, bullets and dashes before a line's first word. */
const LEAD = /^['"“”«»•·▪■*–—-]+\s?/;

/**
 * A short line (or any line at the top) that does not open with an item number, does not continue a sentence
 * nor hold one's end.
 */
const mayBeTitle = (line: string, previous: string, atTop: boolean): boolean =>
  line.length >= 3 &&
  (atTop || (line.length <= MAX_TITLE_LENGTH && line.split(' ').length <= MAX_TITLE_WORDS)) &&
  /[a-z]{2}/i.test(line) &&
  !/^[a-z]/.test(line) &&
  !SENTENCE_BREAK.test(line) &&
  !ENUMERATED.test(line) &&
  !ENDS_MID_SENTENCE.test(previous);

interface Window {
  /** The page's opening, accents removed. */
  text: string;
  /** Its non-empty lines, spaces collapsed. */
  lines: string[];
  /** The lines that may be titles, with their place among `lines`. */
  titles: Array<{ line: string; at: number }>;
}

const readWindow = (text: string, length: number): Window => {
  const head = plain(text.slice(0, length));
  const lines: string[] = [];
  const titles: Window['titles'] = [];
  // An empty line between two lines ends whatever sentence the first was in.
  let previous = '';
  for (const raw of head.split('\n')) {
    const line = raw.slice(0, MAX_LINE).replace(/\s+/g, ' ').trim();
    if (line.length === 0) {
      previous = '';
      continue;
    }
    const bare = line.replace(LEAD, '');
    if (mayBeTitle(bare, previous, lines.length < TOP_LINES)) titles.push({ line: bare, at: lines.length });
    lines.push(line);
    previous = line;
  }
  return { text: head, lines, titles };
};

/** The top of each page with text, of at most MAX_PAGES pages spread evenly from the first to the last. */
const pageTops = (pages: readonly ExtractedPage[]): Array<{ page: ExtractedPage; top: Window }> => {
  const withText = pages.filter((p) => /\S/.test(p.text));
  const step = Math.max(1, withText.length / MAX_PAGES);
  const sampled: ExtractedPage[] = [];
  for (let i = 0; i < withText.length && sampled.length < MAX_PAGES; i += step) sampled.push(withText[Math.floor(i)]!);
  return sampled.map((page) => ({ page, top: readWindow(page.text, PAGE_WINDOW) }));
};

const speaks = (cueLanguage: Language | undefined, language: Language | null): boolean =>
  cueLanguage === undefined || language === null || cueLanguage === language;

/**
 * The kind a title line names, or null: among forms the one named first, else among subjects the one named
 * first. A kind named after "approval of", "adoption de"... is the object of an agenda item, not the document;
 * one named after lower-case words is part of a sentence.
 */
const titleKind = (line: string, language: Language | null): DocumentKind | null => {
  let best: { kind: DocumentKind; tier: number; index: number } | null = null;
  for (const { kind, tier, title: patterns } of KIND_CUES) {
    const rank = tier === 'form' ? 0 : 1;
    for (const { pattern, language: cueLanguage } of patterns) {
      if (!speaks(cueLanguage, language)) continue;
      const found = pattern.exec(line);
      if (!found || found.index > MAX_TITLE_KIND_INDEX) continue;
      const before = line.slice(0, found.index);
      if (ITEM_ABOUT.test(before) || LOWER_WORD.test(before)) continue;
      if (!best || rank < best.tier || (rank === best.tier && found.index < best.index)) {
        best = { kind, tier: rank, index: found.index };
      }
    }
  }
  return best?.kind ?? null;
};

/** Occurrences of a phrase in a text, up to `limit`. */
const count = (pattern: RegExp, text: string, limit: number): number => {
  pattern.lastIndex = 0;
  let n = 0;
  while (n < limit && pattern.exec(text)) n += 1;
  return n;
};

/** "1,065,000", "$3,500.00", "51.85%", "(101,230)", "2014/12/03": a figure in a row of a table. */
const FIGURE = /^[-+($€£]{0,2}\d[\d,.'/:%)-]{0,20}$/;

/**
 * Share of lines that are rows of figures: two figures or more making up a third of the line's words, or a lone
 * figure that is not a bare page or line number.
 */
const figureRowShare = (lines: readonly string[]): number => {
  if (lines.length === 0) return 0;
  let rows = 0;
  for (const line of lines) {
    const words = line.split(' ');
    const figures = words.filter((w) => FIGURE.test(w)).length;
    if (words.length === 1 ? figures === 1 && !/^\d{1,3}$/.test(line) : figures >= 2 && figures * 3 >= words.length) {
      rows += 1;
    }
  }
  return rows / lines.length;
};

/** "MR. MERCER:", "JUSTICE SCALIA:", "THE COURT:", "Mme Dupont :", "Sr. Presidente (Pérez).-": a turn to speak. */
const SPEAKER =
  /^(?:(?:mr|mrs|ms|dr|mme|m|sr|sra)\.?|justice|chief justice|judge|senator|representative|commissioner|chair(?:man|woman|person)?|mayor|council(?:member|man|woman|lor)|the (?:court|witness|clerk|chair(?:man)?|president|speaker))\s/i;

/** "Q. Where were you...": a question put to a witness, each one a turn. */
const QUESTION = /^Q[.:] \S/;

const speakerTurns = (lines: readonly string[]): number =>
  lines.filter((line) => {
    if (QUESTION.test(line)) return true;
    if (!SPEAKER.test(line)) return false;
    const opening = line.slice(0, 45);
    const end = opening.search(/:|\.-/);
    return end > 0 && opening.slice(0, end).split(' ').length <= 6;
  }).length;

/** The numbered margin of a court reporter's page: lines "1", "2", ... "20" in a row. */
const hasLineNumberMargin = (lines: readonly string[]): boolean => {
  let next = 1;
  for (const line of lines) {
    if (line === String(next)) {
      next += 1;
      if (next > 20) return true;
    } else {
      next = line === '1' ? 2 : 1;
    }
  }
  return false;
};

const VOTE = /^(?:yea|nay|aye|no|yes|absent|abstain|present|excused|pour|contre|abstention|si|afirmativo|negativo)$/i;

/** "Smith, John Yea", "Councilmember Lee Nay": one member and the vote cast per line, as in a roll call tally. */
const voteRows = (lines: readonly string[]): number =>
  lines.filter((line) => {
    const words = line.split(' ');
    return words.length >= 2 && words.length <= 6 && /^[A-Z]/.test(line) && VOTE.test(words[words.length - 1]!);
  }).length;

const languageOf = (language: DocumentLanguage | null): Language | null =>
  language?.code === 'en' || language?.code === 'fr' || language?.code === 'es' ? language.code : null;

/** The kind named by the first title among the top lines of a page: a document starting there. */
const openingKind = (window: Window, language: Language | null): DocumentKind | null => {
  for (const { line, at } of window.titles) {
    if (at >= OPENING_LINES) break;
    const kind = titleKind(line, language);
    if (kind) return kind;
  }
  return null;
};

/**
 * A packet calls itself one, or opens with an agenda and has later pages opening documents of two kinds other
 * than an agenda at least (minutes of the last meeting, reports, notices, financial statements...).
 */
const isPacket = (firstTitle: DocumentKind | undefined, openings: ReadonlyArray<DocumentKind | null>, pageCount: number): boolean => {
  if (firstTitle === 'packet') return true;
  if (firstTitle !== 'agenda' || pageCount < MIN_PACKET_PAGES) return false;
  return new Set(openings.filter((k) => k !== null && k !== 'agenda' && k !== 'packet')).size >= 2;
};

/** Share of rows of figures above which a document starts to look like a table, and the points it then earns. */
const TABLE_SHARE = 0.3;
const MAX_TABLE_POINTS = 10;
/** Speaker turns, or members' votes one per line, from which the shape counts (one point each, up to a cap). */
const MIN_TURNS = 3;
const MAX_TURN_POINTS = 10;
const MIN_VOTE_ROWS = 5;
const MAX_VOTE_POINTS = 12;
const LINE_NUMBER_MARGIN_POINTS = 6;

/** Points earned by the shape of the lines: rows of figures, speaker turns, a numbered margin, a tally of votes. */
const shapePoints = (windows: readonly Window[]): Array<[DocumentKind, number]> => {
  const lines = windows.flatMap((w) => w.lines);
  const found: Array<[DocumentKind, number]> = [];
  const share = figureRowShare(lines);
  if (share > TABLE_SHARE) {
    // From nothing at TABLE_SHARE to the full points when four lines in five are rows of figures.
    found.push(['table', Math.min(MAX_TABLE_POINTS, Math.round(((share - TABLE_SHARE) * MAX_TABLE_POINTS) / 0.5))]);
  }
  const turns = speakerTurns(lines);
  if (turns >= MIN_TURNS) found.push(['transcript', Math.min(MAX_TURN_POINTS, turns)]);
  if (windows.some((w) => hasLineNumberMargin(w.lines))) found.push(['transcript', LINE_NUMBER_MARGIN_POINTS]);
  const votes = voteRows(lines);
  if (votes >= MIN_VOTE_ROWS) found.push(['vote-record', Math.min(MAX_VOTE_POINTS, votes)]);
  return found;
};

/** Points a kind earns from its phrases over the windows read. */
const phrasePoints = (cuesOfKind: KindCues, windows: readonly Window[], language: Language | null): number => {
  const tally = (list: readonly Cue[], weight: number, cap: number): number => {
    let points = 0;
    for (const { pattern, language: cueLanguage } of list) {
      if (!speaks(cueLanguage, language)) continue;
      let n = 0;
      for (const w of windows) {
        n += count(pattern, w.text, MAX_COUNT - n);
        if (n >= MAX_COUNT) break;
      }
      points += weight * n;
      if (points >= cap) return cap;
    }
    return points;
  };
  return tally(cuesOfKind.strong, STRONG_POINTS, MAX_STRONG_POINTS) + tally(cuesOfKind.weak, WEAK_POINTS, MAX_WEAK_POINTS);
};

/** The kind of a document, or null when nothing in it points to any kind. */
const STATUTE = /\b(?:this|the) act may be cited as\b|\bbe it enacted by the senate and house\b/i;
const FIRST_SECTION = /^\s*SECTION 1\.\s+[A-Z]/m;
const SECOND_SECTION = /^\s*SEC\. 2\.\s/m;

export const detectDocumentKind = (
  pages: readonly ExtractedPage[],
  language: DocumentLanguage | null,
): DocumentKind | null => {
  const tops = pageTops(pages);
  if (tops.length === 0) return null;
  const lang = languageOf(language);
  const points = new Map<DocumentKind, number>();
  const add = (kind: DocumentKind, n: number): void => {
    points.set(kind, (points.get(kind) ?? 0) + n);
  };

  // Titles near the top: the first names the document; any other kind named there counts for less.
  const titles: DocumentKind[] = [];
  for (const { line } of readWindow(tops[0]!.page.text, HEAD_CHARACTERS).titles) {
    const kind = titleKind(line, lang);
    if (!kind || titles.includes(kind)) continue;
    add(kind, titles.length === 0 ? FIRST_TITLE_POINTS : OTHER_TITLE_POINTS);
    titles.push(kind);
  }

  const openings = tops.slice(1).map(({ top }) => openingKind(top, lang));
  if (isPacket(titles[0], openings, pages.length)) return 'packet';
  // An act that names itself ("This Act may be cited as…") or is laid out as Congress lays out its bills
  // ("SECTION 1. …" then "SEC. 2.") is a bill, whatever its subject (a budget, a plan) weighs.
  const opening = tops[0]!.top.text;
  if (STATUTE.test(opening) || (FIRST_SECTION.test(opening) && SECOND_SECTION.test(opening))) return 'bill';

  const windows = tops.map(({ top }) => top);
  for (const kindCues of KIND_CUES) add(kindCues.kind, phrasePoints(kindCues, windows, lang));
  for (const [kind, n] of shapePoints(windows)) add(kind, n);

  // The most points wins; on a tie, the kind that got points first (a title's) keeps the lead.
  let best: DocumentKind | null = null;
  let bestPoints = MIN_POINTS - 1;
  for (const [kind, n] of points) {
    if (n > bestPoints) {
      best = kind;
      bestPoints = n;
    }
  }
  return best;
};
