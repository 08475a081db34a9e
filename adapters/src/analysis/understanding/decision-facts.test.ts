import { describe, expect, it } from 'vitest';
import { findDecisionFacts } from './decision-facts.ts';
import { finderInput, ungrounded } from './testing/finder-input.ts';

// The corpus's NLRB certification (nlrb-decision-sample1, pages 1 and 2), shortened.
const CERTIFICATION = [
  `UNITED STATES OF AMERICA
BEFORE THE NATIONAL LABOR RELATIONS BOARD
SONOCO PROTECTIVE SOLUTIONS
Employer
and Case 04-RC-128714
LABORERS LOCAL 332
Petitioner
DECISION AND CERTIFICATION OF REPRESENTATIVE
The National Labor Relations Board, by a three-member panel, has
considered objections to an election held June 26, 2014, and the Regional
Director’s report recommending disposition of them. The tally of ballots shows 19 votes
cast for and 17 against the Petitioner, with no challenged ballots.
CERTIFICATION OF REPRESENTATIVE
IT IS CERTIFIED that a majority of the valid ballots have been cast for
Laborers Local 332, and that it is the exclusive collective-bargaining
representative of the employees in the following appropriate unit:`,
  `Dated, Washington, D.C., December 15, 2014.
MEMBER MISCIMARRA, concurring:
For two reasons, I find there is no merit in the Employer’s request for review and
exceptions to the Regional Director’s report and recommendation.`,
];

// The corpus's NLRB supplemental decision (nlrb-decision-sample4, page 1), shortened.
const BACKPAY = `361 NLRB No. 138
Pessoa Construction Company and Laborers’ International
Union of North America. Cases 05–
CA–034547, 05–CA–034761, and 05–CA–035083
December 15, 2014
SUPPLEMENTAL DECISION AND ORDER
The Board has considered the decision and the record
in light of the exceptions and briefs and has decided to
affirm the judge’s rulings, 1 findings, 2 and conclusions
and to adopt the recommended Order.
ORDER
The National Labor Relations Board orders that the
Respondent, Pessoa Construction Company, Fairmont
Heights, Maryland, its officers, agents, successors, and
assigns, shall make whole William Membrino by paying
him $95,046.07, plus interest accrued to the date of payment.
Dated, Washington, D.C. December 15, 2014
In the underlying administrative law judge (ALJ) decision,
Judge Arthur Amchan found (among other violations not at
issue here) that Pessoa Construction Company (Respondent)
violated Section 8(a)(3) and (1) of the National Labor Relations
Act (the Act) when it discharged employee William Membrino.
The General Counsel alleges that Respondent owes
$107,929 in backpay to Membrino, plus interest compounded
daily. (GC Exh. 1(k).) Respondent maintains that it only owes $912 in backpay
to Membrino.`;

describe('findDecisionFacts', () => {
  it('says what a labor board certified, the election’s tally, the parties, a concurrence and the date', () => {
    const input = finderInput(CERTIFICATION, { kind: 'decision' });
    const facts = findDecisionFacts(input);
    expect(ungrounded(facts, input)).toEqual([]);
    expect(facts.map((f) => [f.type, f.statement])).toEqual([
      ['decision', 'The Board certified that a majority of the valid ballots have been cast for Laborers Local 332, and that it is the…'],
      ['vote', 'In the June 26, 2014 election, the tally was 19 votes for and 17 against.'],
      ['affected', 'The case is between Sonoco Protective Solutions (employer) and Laborers Local 332 (petitioner), case 04-RC-128714.'],
      ['decision', 'Member Miscimarra concurred: "For two reasons, I find there is no merit in the Employer’s request for review and…".'],
      ['date', 'The decision is dated December 15, 2014.'],
    ]);
  });

  it('says what was affirmed, what the party must pay, what it was found to have violated, what each side claimed', () => {
    const input = finderInput([BACKPAY], { kind: 'decision' });
    const facts = findDecisionFacts(input);
    expect(ungrounded(facts, input)).toEqual([]);
    expect(facts.map((f) => [f.type, f.statement])).toEqual([
      ['decision', 'The Board decided to affirm the judge’s rulings, findings, and conclusions and to adopt the recommended Order.'],
      ['party-outcome', 'The Board ordered Pessoa Construction Company to make whole William Membrino by paying him $95,046.07, plus interest accrued to the date of payment.'],
      [
        'party-outcome',
        'Judge Arthur Amchan found that Pessoa Construction Company violated Section 8(a)(3) and (1) of the National Labor Relations Act when it discharged employee William Membrino.',
      ],
      ['affected', 'The case is between Pessoa Construction Company and Laborers’ International Union of North America, case 05–CA–034547.'],
      ['amount', 'The General Counsel claimed that "Respondent owes $107,929 in backpay to Membrino, plus interest compounded daily".'],
      ['amount', 'Respondent claimed that "it only owes $912 in backpay to Membrino".'],
      ['date', 'The decision is dated December 15, 2014.'],
    ]);
  });

  it('reads a court of appeals’ disposition, a payment ordered and a dissent', () => {
    // Written for this test: no corpus document is an appellate opinion.
    const opinion = `UNITED STATES COURT OF APPEALS
FOR THE NINTH CIRCUIT
MARIA LOPEZ, Plaintiff-Appellant,
v.
ACME LOGISTICS, INC., Defendant-Appellee.
No. 21-55123
Filed August 2, 2022
OPINION
The district court granted summary judgment because it found the claim untimely. We disagree.
The judgment of the district court is REVERSED, and the case is REMANDED for further proceedings.
On remand, Acme Logistics is ORDERED to pay Lopez $12,500 in costs.
SMITH, Circuit Judge, dissenting:
I would affirm because the record shows that Lopez knew of her injury in 2017.`;
    const input = finderInput([opinion]);
    const facts = findDecisionFacts(input);
    expect(ungrounded(facts, input)).toEqual([]);
    expect(facts.map((f) => f.statement)).toEqual([
      'The court reversed the judgment and remanded the case.',
      'The court ordered Acme Logistics to pay Lopez $12,500 in costs.',
      'The case is between Maria Lopez (plaintiff-appellant) and Acme Logistics, Inc (defendant-appellee), case 21-55123.',
      'Judge Smith dissented: "I would affirm because the record shows that Lopez knew of her injury in 2017".',
      'The decision is dated August 2, 2022.',
    ]);
  });

  it('says nothing of minutes, nor of a document of another kind', () => {
    const minutes = finderInput(['MOTION: Trustee Lee moved to approve the bills. Motion carried 5-0.']);
    expect(findDecisionFacts(minutes)).toEqual([]);
    expect(findDecisionFacts({ ...finderInput([BACKPAY]), kind: 'minutes' })).toEqual([]);
  });
});
