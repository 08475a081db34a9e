import { describe, expect, it } from 'vitest';
import { matchConstitution } from './constitution-matcher.ts';
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
