import { describe, expect, it } from 'vitest';
import { findMeetingFacts } from './meeting-facts.ts';
import { FRENCH, SPANISH, finderInput, ungrounded } from './testing/finder-input.ts';

const statements = (input: ReturnType<typeof finderInput>): string[] => findMeetingFacts(input).map((f) => f.statement);

// Realistic minutes of a US city council, written for these tests (no corpus document reads like this).
const CITY_COUNCIL_MINUTES = `CITY OF MAPLE GROVE
MINUTES OF THE REGULAR CITY COUNCIL MEETING
Tuesday, March 7, 2023 – 6:30 p.m.
Council Chambers, 12800 Arbor Lakes Parkway
1. CALL TO ORDER
Mayor Anderson called the meeting to order at 6:31 p.m.
2. ROLL CALL
Present: Mayor Anderson, Councilmembers Ortiz, Chen, Walker and Brooks
Absent: Councilmember Diaz
3. CONSENT CALENDAR
It was moved by Councilmember Ortiz, seconded by Councilmember Chen, to approve the consent calendar as presented. Motion carried 5-0.
4. NEW BUSINESS
a. Award of Contract – 2023 Street Resurfacing Program
Motion by Councilmember Walker, second by Councilmember Brooks, to award the 2023 Street Resurfacing contract to Northland Paving, Inc. in the amount of $1,284,500.
AYES: Anderson, Ortiz, Chen, Walker
NOES: Brooks
ABSENT: Diaz
Motion carried 4-1.
b. Ordinance 2023-04 – Short-Term Rental Licensing
Motion by Councilmember Brooks, second by Councilmember Ortiz, to adopt Ordinance 2023-04. Motion failed 2-3.
5. ADJOURNMENT
Upon motion duly made and seconded, the meeting adjourned at 8:12 p.m.
The next regular meeting will be held Tuesday, March 21, 2023 at 6:30 p.m. in the Council Chambers.`;

// Lines of the corpus's library board minutes (wpld-minutes-2020-04-15, pages 2 and 8).
const LIBRARY_MINUTES_PAGE = `5. Consent Agenda
Trustee Lezon read the consent agenda as follows:
a. Approve Minutes of the February 19, 2020 Regular Board of Trustees Meeting
g. Ratify Payment of Invoices in the Amount of $55,719.17 for the Period of
February 20, 2020 – March 18, 2020 Including Electronic Payments and
Checks 7541 - 7593.
j. Approve transfer of $150,000 from commercial checking account to
operating checking account
MOTION: Trustee Stull moved to approve the consent agenda as read. Trustee Ruzicka
seconded.
Roll Call Vote:
Ayes – DuRocher, Lezon, Picha, Richardson, Ruzicka, Stull, Warren
Nays – None
Absent – None
Motion carried
6. Regular Agenda – none`;

describe('findMeetingFacts on minutes', () => {
  it('says each motion with its sum, vote, mover and seconder, money first, formalities left out', () => {
    const input = finderInput([CITY_COUNCIL_MINUTES], { kind: 'minutes', date: '2023-03-07' });
    const facts = findMeetingFacts(input);
    expect(ungrounded(facts, input)).toEqual([]);
    expect(facts[0]).toMatchObject({
      type: 'vote',
      statement:
        'The council voted 4-1 to award the 2023 Street Resurfacing contract to Northland Paving, Inc. in the amount of $1,284,500; moved by Walker, seconded by Brooks.',
    });
    expect(statements(input)).toEqual(
      expect.arrayContaining([
        'The council voted 5-0 to approve the consent calendar as presented; moved by Ortiz, seconded by Chen.',
        'A motion to adopt Ordinance 2023-04 failed, 2-3; moved by Brooks, seconded by Ortiz.',
        'Diaz was absent.',
        'The next meeting is on Tuesday, March 21, 2023 at 6:30 p.m., at the Council Chambers.',
      ]),
    );
    expect(statements(input).join(' ')).not.toMatch(/adjourn|call(?:ed)? (?:the meeting )?to order/i);
    expect(facts.find((f) => f.statement.startsWith('The next meeting'))?.type).toBe('participation');
  });

  it('says each money item of a consent agenda with the vote that approved it', () => {
    const input = finderInput([LIBRARY_MINUTES_PAGE], { kind: 'minutes', date: '2020-04-15' });
    const facts = findMeetingFacts(input);
    expect(ungrounded(facts, input)).toEqual([]);
    expect(facts.map((f) => f.statement)).toEqual([
      'The board approved "transfer of $150,000 from commercial checking account to operating checking account" on the consent agenda, 7-0.',
      'The board approved "Payment of Invoices in the Amount of $55,719.17 for the Period of…" on the consent agenda, 7-0.',
    ]);
  });

  it('reads a French council’s deliberations: the item’s title, the sum and the vote', () => {
    // From the corpus's fr-chemere minutes (page 2), and a deliberation written for this test.
    const page = `DE-2014/3 – Site des sports : Prévention des inondations
Monsieur le Maire, rapporteur, expose :
« Un riverain de la Rue des Tilleuls nous a fait part des inondations. Le coût des travaux est estimé à environ 1 200,00 €
HT. »
Le Conseil municipal, après avoir entendu son rapporteur en son exposé et délibéré,
décide à l’unanimité des membres présents :
- De réaliser les travaux de busage nécessaires,
- De donner tous pouvoirs à Monsieur le Maire, pour mener ce dossier à bien.
Délibération n° 2022-045 : Attribution d’une subvention à l’association Les Amis de l’École
Le Conseil municipal, après en avoir délibéré, décide d’attribuer une subvention de 1 500 € à l’association.
Pour : 12 ; Contre : 3 ; Abstention : 0`;
    const input = finderInput([page], { kind: 'minutes', language: FRENCH, date: '2014-01-14' });
    expect(ungrounded(findMeetingFacts(input), input)).toEqual([]);
    expect(statements(input)).toEqual([
      'The council approved "Attribution d’une subvention à l’association Les Amis de l’École" (€1,500), 12-3.',
      'The council approved "Site des sports : Prévention des inondations" (€1,200) unanimously.',
    ]);
  });

  it('reads a Quebec council’s resolution with its mover, seconder and majority', () => {
    const page = `RÉSOLUTION 2023-145
Octroi du contrat de déneigement
IL EST PROPOSÉ PAR le conseiller Jean Tremblay
APPUYÉ PAR la conseillère Marie Gagnon
ET RÉSOLU À LA MAJORITÉ
QUE le conseil octroie le contrat de déneigement à Déneigement ABC inc. au montant de 245 000 $, taxes incluses.`;
    const input = finderInput([page], { kind: 'minutes', language: FRENCH });
    expect(statements(input)).toEqual([
      'The council approved "Octroi du contrat de déneigement" ($245,000) by a majority; moved by Jean Tremblay, seconded by Marie Gagnon.',
    ]);
  });

  it('reads a Spanish plenary’s agreements, their votes and the period to object', () => {
    // Lines of the corpus's es-la-zarza minutes (page 3), and an item written for this test.
    const page = `ASUNTO IV.- APROBACIÓN REVERSIÓN DE BIENES MUNICIPALES
CEDIDOS GRATUITAMENTE PARA CONSTRUCCIÓN DE VIVIENDAS.
A la vista de los siguientes antecedentes, el Pleno a propuesta de la Comisión
Informativa de Urbanismo y Ordenación del Territorio, adopta por UNANIMIDAD el
siguiente, ACUERDO
PRIMERO. Iniciar expediente de reversión del bien urbano, parcelas P1 A P16.
SEGUNDO. Notificar el inicio del expediente al interesado, otorgándole un trámite de
audiencia de diez días hábiles, a efectos de que pueda formular cuantas alegaciones
estimen pertinentes.
3.- APROBACIÓN, SI PROCEDE, DEL PRESUPUESTO GENERAL PARA EL EJERCICIO 2024.
Sometido a votación, se aprueba con 7 votos a favor y 4 en contra el Presupuesto General por importe de 2.345.678,90 euros.`;
    const input = finderInput([page], { kind: 'minutes', language: SPANISH, date: '2025-02-05' });
    const facts = findMeetingFacts(input);
    expect(ungrounded(facts, input)).toEqual([]);
    expect(facts.map((f) => [f.type, f.statement])).toEqual([
      ['vote', 'The council approved "Aprobación, si procede, del presupuesto general para el ejercicio 2024" (€2,345,678.90), 7-4.'],
      ['vote', 'The council approved "Aprobación reversión de bienes municipales cedidos gratuitamente para construcción de viviendas" unanimously.'],
      ['deadline', 'Objections can be filed within 10 working days.'],
    ]);
  });

  it('keeps at most ten facts', () => {
    const motions = Array.from(
      { length: 12 },
      (_, i) => `${i + 1}. Item ${i + 1}\nMOTION: Trustee Lee moved to approve invoices of $${(i + 1) * 1000}. Trustee Park seconded.\nMotion carried 5-0.`,
    ).join('\n');
    const facts = findMeetingFacts(finderInput([motions], { kind: 'minutes' }));
    expect(facts).toHaveLength(10);
    expect(facts[0]!.statement).toContain('$12000');
  });
});

describe('findMeetingFacts on agendas and notices', () => {
  // From the corpus's Cupertino school board agenda (page 1).
  const AGENDA = `Welcome to the meeting of the Cupertino Union School District Board of Education. If you would like to address the Board during Public Comments
on any agenda item or any item not on the agenda, please fill out a comment card available in the hallway and give it to the Administrative
Assistant. You will be called on to comment during this time and comments will be limited to three (3) minutes.
Individuals who require special accommodation should contact the Superintendent’s Office at (408) 252-3000, ext. 61200 at least two business
days before the meeting date.
Board of Education
Special Meeting
AGENDA
Cupertino Union School District
1309 S. Mary Avenue
Sunnyvale, CA 94087
April 6, 2016
7:30 a.m.
1. CALL TO ORDER/FLAG SALUTE
2. PUBLIC COMMENT – ITEMS ON THE AGENDA
The Board shall limit the total time to 30 minutes.
3. CLOSED SESSION
2.1 Public Employee Performance Evaluation – Pursuant to Government Code
Section 54957
5. DISCUSSION
5.1 Board Governance
6. ADJOURNMENT`;

  it('says when and where the meeting was set, how to speak, whom to call, what is taken up', () => {
    const input = finderInput([AGENDA], { kind: 'agenda', date: '2016-04-06' });
    const facts = findMeetingFacts(input);
    expect(ungrounded(facts, input)).toEqual([]);
    expect(facts.map((f) => [f.type, f.statement])).toEqual([
      ['date', 'The special meeting was set for Wednesday, April 6, 2016 at 7:30 a.m., at 1309 S. Mary Avenue.'],
      ['participation', 'Members of the public may speak for up to 3 minutes each (30 minutes in all); fill out a comment card first.'],
      ['decision', 'In closed session, the agenda takes up "Public Employee Performance Evaluation – Pursuant to Government Code Section 54957".'],
      ['participation', 'For a disability accommodation, call (408) 252-3000 ext. 61200 at least two business days before the meeting.'],
      ['decision', 'The agenda includes "Board Governance".'],
    ]);
  });

  it('says a hearing after the notice’s date is one to attend, and when comments are due', () => {
    const notice = `CITY OF RIVERSIDE
May 30, 2023
NOTICE OF PUBLIC HEARING
NOTICE IS HEREBY GIVEN that the Planning Commission will hold a public hearing on Thursday, June 15, 2023 at 9:00 a.m. in the Art Pick Council Chamber, 3900 Main Street, Riverside, to consider a request to rezone 4.2 acres at 1550 Iowa Avenue.
Written comments must be received by 5:00 p.m. on June 12, 2023. Each speaker will be limited to three minutes.`;
    const input = finderInput([notice], { kind: 'notice', date: '2023-05-30' });
    const facts = findMeetingFacts(input);
    expect(ungrounded(facts, input)).toEqual([]);
    expect(facts.map((f) => [f.type, f.statement])).toEqual([
      ['participation', 'The public hearing is on Thursday, June 15, 2023 at 9 a.m., at 3900 Main Street.'],
      ['deadline', 'Comments are due by June 12, 2023.'],
      ['participation', 'Members of the public may speak for up to 3 minutes each.'],
    ]);
  });

  it('lists the resolutions a notice puts to a vote, those with a sum first (corpus: il-finance-authority)', () => {
    const page = `PUBLIC NOTICE OF SPECIAL MEETING OF THE CONDUIT FINANCING COMMITTEE
The Committee will hold a special meeting on Tuesday, December 8, 2020 at 9:00 a.m.
NEW BUSINESS
Resolution Authorizing the Execution and Delivery of a Supplemental Trust Indenture Relating to Student Housing and Academic
Facility Revenue Bonds Series 2017A; Approving Certain Other Related Documents
TOTAL CONDUIT FINANCING PROJECTS
Resolution of Intent Requesting an Initial Allocation of Private Activity Volume Cap in the Amount of $120,000,000`;
    const input = finderInput([page], { kind: 'notice', date: '2020-12-03' });
    expect(ungrounded(findMeetingFacts(input), input)).toEqual([]);
    expect(statements(input)).toEqual([
      'The special meeting is on Tuesday, December 8, 2020 at 9 a.m.',
      'The committee is to vote on "Resolution of Intent Requesting an Initial Allocation of Private Activity Volume Cap…" ($120,000,000).',
      'The committee is to vote on "Resolution Authorizing the Execution and Delivery of a Supplemental Trust Indenture Relating…".',
    ]);
  });

  it('reads a Spanish and a French convocation: the meeting’s day, time and room, what it will vote on', () => {
    // Written for this test: the corpus has no Spanish agenda, and no French one from France.
    const spanish = `AYUNTAMIENTO DE VILLANUEVA DEL RÍO
Villanueva del Río, 5 de marzo de 2024
CONVOCATORIA DE SESIÓN ORDINARIA DEL PLENO
Por la presente se le convoca a la sesión ordinaria del Pleno que se celebrará el día 12 de marzo de 2024, a las 19:00 horas, en el Salón de Plenos de la Casa Consistorial.
ORDEN DEL DÍA
1.- Aprobación, si procede, del acta de la sesión anterior.
2.- Aprobación inicial de la Ordenanza fiscal reguladora de la tasa por recogida de basuras.
3.- Adjudicación del contrato de obras de pavimentación de la calle Mayor por importe de 245.000 euros.
4.- Ruegos y preguntas.`;
    const french = `COMMUNE DE SAINT-MARTIN
Convocation du 2 mars 2023
Le conseil municipal se réunira en séance ordinaire le jeudi 9 mars 2023 à 20h30, salle du conseil, à la Mairie.
ORDRE DU JOUR
1. Approbation du procès-verbal de la séance du 2 février 2023
2. Vote du budget primitif 2023
3. Demande de subvention DSIL pour la rénovation de l’école : 180 000 €
4. Questions diverses`;
    const inSpanish = finderInput([spanish], { language: SPANISH, date: '2024-03-05' });
    const inFrench = finderInput([french], { language: FRENCH, date: '2023-03-02' });
    expect(ungrounded(findMeetingFacts(inSpanish), inSpanish)).toEqual([]);
    expect(ungrounded(findMeetingFacts(inFrench), inFrench)).toEqual([]);
    expect(statements(inSpanish)).toEqual([
      'The regular meeting is on Tuesday, March 12, 2024 at 7 p.m., at Salón de Plenos.',
      'The council is to vote on "Adjudicación del contrato de obras de pavimentación de la calle Mayor por…" (€245,000).',
      'The council is to vote on "Aprobación inicial de la Ordenanza fiscal reguladora de la tasa por recogida…".',
    ]);
    expect(statements(inFrench)).toEqual([
      'The regular meeting is on Thursday, March 9, 2023 at 8:30 p.m., at salle du conseil.',
      'The council is to vote on "Demande de subvention DSIL pour la rénovation de l’école : 180 000…" (€180,000).',
      'The council is to vote on "Vote du budget primitif 2023".',
    ]);
  });

  it('tells an agenda from its title when no kind is given, and says nothing of a report', () => {
    const agenda = finderInput([AGENDA], { date: '2016-04-06' });
    expect(findMeetingFacts(agenda)[0]?.statement).toMatch(/^The special meeting was set for/);
    const report = finderInput(['Annual Report of the Library\nCirculation rose 4% in 2019.'], { date: '2020-01-01' });
    expect(findMeetingFacts(report)).toEqual([]);
    expect(findMeetingFacts({ ...agenda, kind: 'budget' })).toEqual([]);
  });
});

describe('findMeetingFacts on transcripts', () => {
  it('says the case, the day it was argued (in the past) and who argued', () => {
    // The corpus's Supreme Court transcript (scotus-transcript-p1), its line numbers left out.
    const page = `Official - Subject to Final Review
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
Angeles, Cal.; on behalf of the Petitioner.
CHARLES M. SEVILLA, ESQ., San Diego, Cal.; on behalf
of the Respondent.`;
    const input = finderInput([page], { kind: 'transcript', date: '2009-01-13' });
    const facts = findMeetingFacts(input);
    expect(ungrounded(facts, input)).toEqual([]);
    expect(facts.map((f) => [f.type, f.statement])).toEqual([
      ['affected', 'The case is Michael A. Knowles, Warden (petitioner) v. Alexandre Mirzayance, No. 07-1315.'],
      ['date', 'The oral argument took place on Tuesday, January 13, 2009 at 1:01 p.m.'],
      ['affected', 'Steven E. Mercer argued for the petitioner.'],
      ['affected', 'Charles M. Sevilla argued for the respondent.'],
    ]);
  });

  it('reads a state court’s caption in parentheses and who appeared', () => {
    const page = `IN THE CIRCUIT COURT OF COOK COUNTY, ILLINOIS
COUNTY DEPARTMENT, CHANCERY DIVISION
JANE DOE, )
Plaintiff, )
v. ) No. 2019 CH 01234
CITY OF CHICAGO, )
Defendant. )
REPORT OF PROCEEDINGS had at the hearing of the above-entitled cause on May 3, 2021, at 10:30 a.m.
APPEARANCES:
MS. SARAH JONES, on behalf of the Plaintiff;
MR. DAVID KIM, Assistant Corporation Counsel, on behalf of the Defendant.`;
    const input = finderInput([page]);
    const facts = findMeetingFacts(input);
    expect(ungrounded(facts, input)).toEqual([]);
    expect(facts.map((f) => f.statement)).toEqual([
      'The case is Jane Doe (plaintiff) v. City of Chicago (defendant), No. 2019 CH 01234.',
      'The hearing took place on Monday, May 3, 2021 at 10:30 a.m.',
      'Sarah Jones appeared for the plaintiff.',
      'David Kim appeared for the defendant.',
    ]);
  });
});

describe('findMeetingFacts on hostile input', () => {
  it('reads a line of a megabyte and five hundred pages of roll calls without failing', () => {
    const long = finderInput([`MOTION: ${'Trustee Lee moved to approve $1,000 '.repeat(30_000)}`], { kind: 'minutes' });
    expect(findMeetingFacts(long).length).toBeLessThanOrEqual(8);
    const pages = Array.from({ length: 500 }, (_, i) => `${i + 1}. Item\nAyes: ${'A, '.repeat(300)}\nMotion carried`);
    expect(findMeetingFacts(finderInput(pages, { kind: 'minutes' })).length).toBeLessThanOrEqual(8);
  });

  it('stops at its deadline', () => {
    const input = finderInput([CITY_COUNCIL_MINUTES], { kind: 'minutes', deadline: performance.now() - 1 });
    expect(findMeetingFacts(input)).toEqual([]);
  });
});
