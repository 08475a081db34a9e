import { describe, expect, it } from 'vitest';
import type { DocumentLanguage } from '@civicwatch/core/contracts/analysis-result.contract.ts';
import type { ExtractedPage } from '@civicwatch/core/analysis/text-extractor.port.ts';
import { detectDocumentKind } from './document-kind.ts';
import { kindSamples, packetPages } from './testing/document-kind.fixture.ts';

const LANGUAGES: Record<'en' | 'fr' | 'es', DocumentLanguage> = {
  en: { code: 'en', name: 'English' },
  fr: { code: 'fr', name: 'French' },
  es: { code: 'es', name: 'Spanish' },
};

const pagesOf = (...texts: string[]): ExtractedPage[] => texts.map((text, i) => ({ number: i + 1, text, ocr: false }));

describe('detectDocumentKind on excerpts of the corpus', () => {
  it('tells an ordinance by its title and enacting clause', () => {
    const levy = `ORDINANCE 20-21-02

ORDINANCE DETERMINING TO LEVY AN
ADDITIONAL TAX OF .02%
FOR THE 2020-21 FISCAL YEAR

WHEREAS, the Public Library District Act of 1991 (75 ILCS 16/35-5) authorizes the Board
of Trustees to levy a special tax in addition to the annual public library district tax for the purchase
of buildings, the rental of buildings required for library purposes, and maintenance, repairs and
alterations of library buildings and equipment; and
NOW, THEREFORE, BE IT ORDAINED AND DETERMINED by the Board of Trustees of
the Warrenville Public Library District that for the`;
    expect(detectDocumentKind(pagesOf(levy), LANGUAGES.en)).toBe('ordinance');
  });

  it('tells a bill that names itself, or is laid out as Congress lays out bills, whatever its subject', () => {
    // BillSum-style texts: an appropriations bill, and one with no short title.
    const funding = 'SECTION 1. SHORT TITLE.\n\n    This Act may be cited as the ``Rural Libraries Funding Act of 2006\'\'.\n\n' +
      'SEC. 2. FUNDING.\n\n    (a) Fiscal Year 2006.--There are appropriated $6,300,000 for grants to rural libraries for the fiscal year.\n';
    const untitled = 'SECTION 1. GRANTS FOR PURCHASE OF ULTRASOUND EQUIPMENT.\n\n    (a) In General.--The Secretary may make grants.\n\n' +
      'SEC. 2. AUTHORIZATION OF APPROPRIATIONS.\n\n    There are authorized to be appropriated $5,000,000.\n';
    expect(detectDocumentKind(pagesOf(funding), null)).toBe('bill');
    expect(detectDocumentKind(pagesOf(untitled), null)).toBe('bill');
  });

  it('tells a decision even under a "NOTICE:" about its publication', () => {
    const nlrb = `361 NLRB No. 138

NOTICE: This opinion is subject to formal revision before publication in the
bound volumes of NLRB decisions. Readers are requested to notify the Executive
Secretary, National Labor Relations Board, Washington, D.C.
20570, of any typographical or other formal errors so that corrections can
be included in the bound volumes.
Pessoa Construction Company and Laborers' International
Union of North America. Cases 05–
CA–034547, 05–CA–034761, and 05–CA–035083
December 15, 2014

SUPPLEMENTAL DECISION AND ORDER

BY MEMBERS MISCIMARRA, HIROZAWA, AND SCHIFFER
On December 24, 2013, Administrative Law Judge
Geoffrey Carter issued the attached supplemental decision.
The Respondent filed exceptions and a supporting
brief, and the General Counsel filed cross-exceptions and
a supporting brief.`;
    expect(detectDocumentKind(pagesOf(nlrb), LANGUAGES.en)).toBe('decision');
  });

  it('tells a court transcript by its numbered margin and its appearances', () => {
    const margin = Array.from({ length: 25 }, (_, i) => String(i + 1)).join('\n');
    const scotus = `${margin}

Official - Subject to Final Review
IN THE SUPREME COURT OF THE UNITED STATES
- - - - - - - - - - - - - - - - - x
MICHAEL A. KNOWLES, :
WARDEN, :
Petitioner :
v. : No. 07-1315
ALEXANDRE MIRZAYANCE. :
- - - - - - - - - - - - - - - - - x
Washington, D.C.
Tuesday, January 13, 2009

The above-entitled matter came on for oral
argument before the Supreme Court of the United States
at 1:01 p.m.
APPEARANCES:
STEVEN E. MERCER, ESQ., Deputy Attorney General, Los
Angeles, Cal.; on behalf of the Petitioner.`;
    expect(detectDocumentKind(pagesOf(scotus), LANGUAGES.en)).toBe('transcript');
  });

  it('tells a proposed rule from the notices the Federal Register says it contains', () => {
    const fedreg = `This section of the FEDERAL REGISTER
contains notices to the public of the proposed
issuance of rules and regulations. The
purpose of these notices is to give interested
persons an opportunity to participate in the
rule making prior to the adoption of the final
rules.

Proposed Rules Federal Register

47698

Vol. 85, No. 152

Thursday, August 6, 2020

DEPARTMENT OF TRANSPORTATION

Federal Aviation Administration

14 CFR Part 39

AGENCY: Federal Aviation
Administration (FAA), DOT.
ACTION: Notice of proposed rulemaking
(NPRM).`;
    expect(detectDocumentKind(pagesOf(fedreg), LANGUAGES.en)).toBe('rule');
  });

  it('tells Spanish minutes although they list the "orden del día" they followed', () => {
    const acta = `BORRADOR ACTA CERTIFICADA DE LA SESIÓN EXTRAORDINARIA-
URGNTE, CELEBRADA, POR EL PLENO DE ESTE AYUNTAMIENTO, EL
DÍA CINCO DE FEBRERO DE DOS MIL VEINTICINCO.

SEÑORES ASISTENTES:

AUSENTES: NINGUNO

En la Casa Consistorial de La Zarza, siendo las 14.05 horas del día 05 de febrero
de 2025, concurrieron, en primera convocatoria, los Señores Concejales anteriormente
expresados, al objeto de celebrar la Sesión Extraordinaria y Urgente de este
Ayuntamiento, conforme al Orden del Día previamente establecido.

ORDEN DEL DÍA

ASUNTO I.- APROBACIÓN DE LA URGENCIA DE LA SESIÓN PLENARIA.`;
    const more = `Sometido el asunto a votación, se adopta por UNANIMIDAD de todos los
Concejales asistentes la propuesta presentada.`;
    expect(detectDocumentKind(pagesOf(acta, more), LANGUAGES.es)).toBe('minutes');
  });

  it('tells a Quebec agenda whose draft resolutions leave the mover blank', () => {
    const agenda = `ORDRE DU JOUR
SÉANCE EXTRAORDINAIRE DU CONSEIL
6 avril 2023 à 9h

1. OUVERTURE
1.1 Adoption de l'ordre du jour de la séance extraordinaire du 6 avril 2023

2. ADMINISTRATION
Aucun point

11. RÈGLEMENTS
11.1 Règlement 1330-1 amendant le Règlement 1330 afin d'augmenter la
dépense et l'emprunt pour un montant additionnel de 510 000$ -
ADOPTION

15. LEVÉE DE LA SÉANCE`;
    const draft = `Séance extraordinaire du conseil municipal de la Ville de Sainte-Adèle, tenue
le 6 avril 2023 à 9h.
À laquelle sont présents les membres du conseil suivants formant le quorum :
RÉSOLUTION NO. 2023-
Adoption de l'ordre du jour de la séance extraordinaire du 6 avril 2023
IL EST PROPOSÉ PAR ________________ :

ET RÉSOLU À L'UNANIMITÉ
QUE le conseil adopte l'ordre du jour de la séance extraordinaire du 6 avril
2023.`;
    expect(detectDocumentKind(pagesOf(agenda, draft, draft), LANGUAGES.fr)).toBe('agenda');
  });

  it('tells an Argentine gazette page of court edicts as a notice', () => {
    const edicts = `“Buenos Aires, 8 de julio de 2009.- 6) Publíquense
edictos en el Boletín Oficial por el término
de cinco días, citándose a Carmen Usandivares
por el término de tres días
a contar desde la primera publicación, a estar a
derecho en la causa 8.181/09 que se le sigue
por el delito de extorsión, bajo apercibimiento de
ordenarse la averiguación de su actual paradero.-
Notifíquese mediante cédula de urgente diligenciamiento.-
Queda/n ud/s legalmente notificados.
Gabriela M. Pesamo, secretaria.
e. 22/07/2009 N° 60750/09 v. 28/07/2009`;
    expect(detectDocumentKind(pagesOf(edicts), LANGUAGES.es)).toBe('notice');
  });
});

describe('detectDocumentKind on documents outside the corpus', () => {
  it.each(kindSamples.map((s) => [s.name, s] as const))('tells %s', (_name, sample) => {
    expect(detectDocumentKind(pagesOf(...sample.pages), LANGUAGES[sample.language])).toBe(sample.kind);
  });

  it.each(kindSamples.map((s) => [s.name, s] as const))('tells %s without knowing its language', (_name, sample) => {
    expect(detectDocumentKind(pagesOf(...sample.pages), null)).toBe(sample.kind);
  });
});

describe('detectDocumentKind on titles', () => {
  it('takes the form a title names over its subject: an ordinance adopting a budget is an ordinance', () => {
    const text = `A TENTATIVE ORDINANCE ADOPTING A COMBINED ANNUAL BUDGET AND APPROPRIATION
SECTION 1: The following is the Annual Budget for the fiscal year:
A. Salaries $1,065,000
B. Illinois Municipal Retirement Fund $120,000
C. Federal Insurance Contributions $90,000`;
    expect(detectDocumentKind(pagesOf(text), LANGUAGES.en)).toBe('ordinance');
  });

  it('does not take an agenda item about the minutes, nor "three (3) minutes", for minutes', () => {
    const text = `BOARD OF EDUCATION
Regular Meeting, March 16, 2023
Approval of the Minutes of the March 2 Meeting
Public Comment (3 minutes per speaker)
Call to Order
Adjournment`;
    expect(detectDocumentKind(pagesOf(text), LANGUAGES.en)).toBe('agenda');
  });

  it('does not take a kind named in the middle of a sentence for a title', () => {
    const text = `Trustee Warren stated in the board packet the consent agenda items were
numbered incorrectly. Trustee Lezon moved to approve the agenda as amended. Trustee Stull seconded.
Motion carried.`;
    expect(detectDocumentKind(pagesOf(text), LANGUAGES.en)).toBe('minutes');
  });
});

describe('detectDocumentKind on the shape of lines', () => {
  it('tells a deposition by its questions and answers, with or without the numbered margin', () => {
    const testimony = `Q. Where were you on the evening of June 3?
A. At my sister's house on Elm Street.
Q. Who else was there?
A. Her two children and a neighbor.
Q. What time did you leave?
A. Around nine.`;
    const margin = Array.from({ length: 25 }, (_, i) => String(i + 1)).join('\n');
    expect(detectDocumentKind(pagesOf(testimony), LANGUAGES.en)).toBe('transcript');
    expect(detectDocumentKind(pagesOf(`${margin}\nthe witness, having been duly sworn, testified as follows:`), LANGUAGES.en)).toBe('transcript');
  });
});

describe('detectDocumentKind on packets', () => {
  it('tells an agenda followed by the minutes, bills and ordinance it refers to', () => {
    expect(detectDocumentKind(pagesOf(...packetPages), LANGUAGES.en)).toBe('packet');
  });

  it('keeps a short agenda with one attachment an agenda', () => {
    expect(detectDocumentKind(pagesOf(...packetPages.slice(0, 2)), LANGUAGES.en)).toBe('agenda');
  });

  it('does not take minutes that open with a page of minutes and hold reports for a packet', () => {
    const [, minutes, ...rest] = packetPages;
    expect(detectDocumentKind(pagesOf(minutes!, ...rest, ...rest), LANGUAGES.en)).not.toBe('packet');
  });
});

describe('detectDocumentKind with nothing to go on', () => {
  it('answers null for no page, blank pages and a blank form', () => {
    expect(detectDocumentKind([], LANGUAGES.en)).toBeNull();
    expect(detectDocumentKind(pagesOf('', '   \n  '), LANGUAGES.en)).toBeNull();
    const form = `APPLICATION FOR A BLOCK PARTY PERMIT
Name of applicant: ______________________
Street address: ______________________
Date requested: ____ / ____ / ______
Signature: ______________________`;
    expect(detectDocumentKind(pagesOf(form), LANGUAGES.en)).toBeNull();
  });

  it('takes a form that names itself for what it names', () => {
    const form = `NOTICE OF INTENT TO CIRCULATE A PETITION
Name of proponent: ______________________
Address: ______________________
Signature: ______________________`;
    expect(detectDocumentKind(pagesOf(form), LANGUAGES.en)).toBe('notice');
  });
});

describe('detectDocumentKind on hostile input', () => {
  it('reads a 1 MB line only in its opening', () => {
    const line = `MINUTES OF THE REGULAR MEETING\nThe motion carried unanimously. ${'x'.repeat(1_000_000)}`;
    expect(detectDocumentKind(pagesOf(line), LANGUAGES.en)).toBe('minutes');
  });

  it('reads a 500-page document on a sample of its pages', () => {
    const page = 'Trustee Smith moved, seconded by Trustee Lee, to approve the claims. Motion carried.\n'.repeat(40);
    const pages = pagesOf(`MINUTES OF THE REGULAR MEETING\n${page}`, ...Array.from({ length: 499 }, () => page));
    expect(detectDocumentKind(pages, LANGUAGES.en)).toBe('minutes');
  });
});
