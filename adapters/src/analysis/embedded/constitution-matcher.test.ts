import { describe, expect, it } from 'vitest';
import { governmentLevel, matchConstitution } from './constitution-matcher.ts';
import { segmentPages } from './sentence-segmenter.ts';
import { clauseOf, findProvision, parseConstitution, usConstitution } from './us-constitution.ts';

describe('the shipped US Constitution', () => {
  const provisions = usConstitution();

  it('parses into the preamble, the articles with their sections, and all 27 amendments', () => {
    expect(provisions[0]?.id).toBe('preamble');
    expect(provisions.filter((p) => p.id.startsWith('article-1-section-'))).toHaveLength(10);
    const amendments = new Set(provisions.filter((p) => p.id.startsWith('amendment-')).map((p) => p.id.split('-')[1]));
    expect(amendments.size).toBe(27);
    expect(findProvision('amendment-4')?.label).toBe('Fourth Amendment');
    expect(findProvision('article-1-section-8')?.label).toBe('Article I, Section 8');
    expect(findProvision('amendment-14')?.label).toBe('Fourteenth Amendment, Section 1');
  });

  it('quotes the clause a topic points at, in the original words', () => {
    expect(clauseOf(findProvision('amendment-5')!, /private property/)).toBe('nor shall private property be taken for public use, without just compensation.');
    expect(findProvision('amendment-4')?.text).toMatch(/^The right of the people to be secure in their persons, houses, papers, and effects/);
  });

  it('parses sections of a small text', () => {
    const parsed = parseConstitution('ARTICLE II\n\nSECTION. 1. The executive Power\nshall be vested.\n\nAMENDMENT III\n\nNo Soldier shall.');
    expect(parsed).toEqual([
      { id: 'article-2-section-1', label: 'Article II, Section 1', text: 'The executive Power shall be vested.' },
      { id: 'amendment-3', label: 'Third Amendment', text: 'No Soldier shall.' },
    ]);
  });
});

const issuesFor = (text: string) => matchConstitution(segmentPages([{ number: 1, text }]));

describe('matchConstitution', () => {
  it('links searches and surveillance to the Fourth Amendment, citing the document sentence', () => {
    const [issue] = issuesFor('The ordinance authorizes the police to install license plate readers and conduct warrantless searches of vehicles in the district.');
    expect(issue?.provision.label).toBe('Fourth Amendment');
    expect(issue?.clause).toMatch(/unreasonable searches and seizures/);
    expect(issue?.unit.text).toMatch(/license plate readers/);
  });

  it('links eminent domain to the Takings Clause and firearms to the Second Amendment', () => {
    const labels = issuesFor(
      'The City may acquire the parcels by eminent domain for the new garage. No person shall carry a firearm or ammunition in a city building.',
    ).map((i) => i.provision.label);
    expect(labels).toEqual(expect.arrayContaining(['Fifth Amendment', 'Second Amendment']));
  });

  it('cites an amendment the document names outright', () => {
    const labels = issuesFor('The union argued that the rule violates the First Amendment rights of employees to speak about wages.').map((i) => i.provision.label);
    expect(labels[0]).toBe('First Amendment');
  });

  it('raises nothing for a text with no constitutional subject', () => {
    expect(issuesFor('The library will repaint the children’s room and replace the carpet in the lobby next spring.')).toEqual([]);
  });

  it('does not mistake a board vote for voting rights', () => {
    expect(issuesFor('The motion carried by a roll call vote of the trustees present at the meeting.').map((i) => i.provision.id)).not.toContain('amendment-15-section-1');
  });
});

describe('matchConstitution: fewer, better-grounded issues', () => {
  const LEVY =
    'ORDINANCE DETERMINING TO LEVY AN ADDITIONAL TAX\n\nNOW, THEREFORE, BE IT ORDAINED by the Board of Trustees of the Warrenville Public Library ' +
    'District that a special tax of .02% of the value of all taxable property in the District shall be levied for the fiscal year 2020-2021.';

  it('does not link a local tax levy to the taxing power of Congress', () => {
    expect(governmentLevel(segmentPages([{ number: 1, text: LEVY }]))).toBe('state-or-local');
    expect(issuesFor(LEVY).map((i) => i.provision.id)).not.toContain('article-1-section-8');
  });

  it('still links a federal appropriation to Article I, Section 8', () => {
    const labels = issuesFor('There is authorized to be appropriated to the Secretary of Agriculture $5,000,000 to carry out this Act, as Congress directs.').map(
      (i) => i.provision.label,
    );
    expect(labels).toContain('Article I, Section 8');
  });

  it('raises due process under the Fourteenth Amendment when a local government sells property for taxes', () => {
    const [issue] = issuesFor('The County Treasurer shall sell at a tax sale any parcel on which delinquent taxes remain unpaid for two years under this ordinance.');
    expect(issue?.provision.label).toBe('Fourteenth Amendment, Section 1');
    expect(issue?.clause).toMatch(/due process of law/);
  });

  it('does not read a form’s race field, a federal labour decision or a budget line as constitutional questions', () => {
    expect(issuesFor('Child Information (at time of incident) Age: 1 Year 9 Months Gender: Female Male Race or Ethnicity: African American/Black')).toEqual([]);
    expect(
      issuesFor('The National Labor Relations Board orders that the General Counsel may use any formula that approximates what the discriminatee would have earned.'),
    ).toEqual([]);
    expect(issuesFor('Building and grounds: 7,500 Surveillance camera system (carried forward from FY20) 1,500 General maintenance')).toEqual([]);
  });

  it('does not take a non-resident library card for the Privileges and Immunities of citizens of other States', () => {
    expect(issuesFor('The Board shall approve non-resident library card participation and set the non-resident fee for the village.')).toEqual([]);
  });

  it('shows where in the sentence the issue rests', () => {
    const text = 'The police department is authorized to inspect any cafe and to seize furniture placed on the sidewalk without a permit.';
    const [issue] = issuesFor(text);
    expect(text.slice(issue!.hit.index, issue!.hit.index + issue!.hit.length)).toBe('seize');
  });
});
