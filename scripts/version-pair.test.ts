import { describe, expect, it } from 'vitest';
import { billHeading, editBills, paginate, printBill, raisedAmount, standaloneSentences, wrap, type Bill, type PrintedBill } from './version-pair.ts';

// Openings of bills of the corpus's billsum-dev.jsonl, as it writes them.
const funded: Bill = {
  bill_id: '107_hr2256',
  title: 'To amend the Public Health Service Act to establish a 5-year pilot program under which health care providers are reimbursed.',
  text: [
    'SECTION 1. SHORT TITLE.',
    '',
    '    This Act may be cited as the ``Border Hospital Survival and Illegal ',
    "Immigrant Care Act''.",
    '',
    'SEC. 2. FINDINGS.',
    '',
    '    The Congress finds as follows:',
    '            (1) Immigration is a Federal responsibility.',
    '',
    'SEC. 3. AUTHORIZATION OF APPROPRIATIONS.',
    '',
    '    There are authorized to be appropriated $50,000,000 for each of ',
    'fiscal years 2002 through 2006.',
  ].join('\n'),
};
const bill = (n: number): PrintedBill => ({ ...printBill(funded), key: `bill-${n}` });

describe('a bill as printed', () => {
  it('is headed by its congress and number, then its title wrapped, then its lines as the corpus breaks them', () => {
    expect(billHeading('107_hr2256')).toEqual(['107th CONGRESS', 'H. R. 2256']);
    expect(billHeading('103_hr634')[0]).toBe('103rd CONGRESS');
    expect(billHeading('111_s3')).toEqual(['111th CONGRESS', 'S. 3']);
    const { lines } = printBill(funded);
    expect(lines.slice(0, 3)).toEqual(['107th CONGRESS', 'H. R. 2256', '']);
    expect(lines).toContain('SEC. 2. FINDINGS.');
    expect(lines).toContain('    This Act may be cited as the ``Border Hospital Survival and Illegal');
    expect(Math.max(...lines.map((line) => line.length))).toBeLessThanOrEqual(72);
  });

  it('wraps words within the width, each line indented', () => {
    const lines = wrap('one two three four five six', 14, '  ');
    expect(lines).toEqual(['  one two', '  three four', '  five six']);
  });
});

describe('pagination', () => {
  it('starts each bill on a new page and cuts the bill that runs past the last page', () => {
    const bills = [bill(1), bill(2), bill(3)];
    const length = bills[0]!.lines.length;
    const all = paginate(bills, 10);
    expect(all.pages).toHaveLength(3 * Math.ceil(length / 10));
    expect(all.cut).toBe(false);
    const five = paginate(bills, 10, 5);
    expect(five.pages).toHaveLength(5);
    expect(five.billPages.get('bill-1')).toEqual({ first: 1, last: 2 });
    expect(five.billPages.get('bill-3')).toEqual({ first: 5, last: 5 });
    expect(five.bills.map((b) => b.lines.length)).toEqual([length, length, 10]);
    expect(five.cut).toBe(true);
  });
});

describe('edits', () => {
  it('raises an amount by two digits or more, never by one a misread digit would explain', () => {
    expect(raisedAmount('$50,000,000')).toBe('$62,500,000');
    expect(raisedAmount('$2,000')).toBe('$2,250');
    expect(raisedAmount('$25,090')).toBe('$37,635');
  });

  it('adds only a sentence that stands alone as a paragraph', () => {
    const text = "SEC. 2. FINDINGS.\n\n    Congress finds that Lechuguilla Cave and adjacent public lands have internationally \nsignificant scientific, environmental, and other values.\n\n    (1) in paragraph (2), by striking ``and''; and";
    expect(standaloneSentences(text, { min: 5, max: 60 })).toEqual([
      'Congress finds that Lechuguilla Cave and adjacent public lands have internationally significant scientific, environmental, and other values.',
    ]);
  });

  it('makes the planned edits, each on a bill of its own and never on the last, and lists them', () => {
    const bills = Array.from({ length: 12 }, (_, n) => bill(n + 1));
    const sentences = ['Congress finds that the Southwest border region is ill-equipped to absorb the expense.', 'A second sentence.'];
    const { later, edits } = editBills(bills, sentences, { amounts: 3, sectionsRemoved: 2, sentencesAdded: 2 });
    expect(edits.map((edit) => edit.kind)).toEqual([
      'amount', 'amount', 'amount', 'section-removed', 'section-removed', 'sentence-added', 'sentence-added', 'bill-dropped', 'bill-moved',
    ]);
    const edited = edits.map((edit) => edit.bill);
    expect(new Set(edited).size).toBe(edited.length);
    expect(edited).not.toContain('bill-12');
    expect(later).toHaveLength(11);
    const lines = (key: string) => later.find((b) => b.key === key)!.lines;
    for (const edit of edits) {
      if (edit.kind === 'amount') {
        expect(edit).toMatchObject({ before: '$50,000,000', after: '$62,500,000' });
        expect(lines(edit.bill).join('\n')).toContain('appropriated $62,500,000 for');
      }
      if (edit.kind === 'section-removed') {
        expect(edit.heading).toBe('SEC. 2. FINDINGS.');
        expect(lines(edit.bill)).not.toContain('SEC. 2. FINDINGS.');
        expect(lines(edit.bill)).toContain('SEC. 3. AUTHORIZATION OF APPROPRIATIONS.');
      }
      if (edit.kind === 'sentence-added') expect(lines(edit.bill).at(-1)).toMatch(/^ {4}\S/);
      if (edit.kind === 'bill-dropped') expect(later.map((b) => b.key)).not.toContain(edit.bill);
      if (edit.kind === 'bill-moved') expect(later[edit.to - 1]!.key).toBe(edit.bill);
    }
    // The earlier version is left as it was.
    expect(bills.every((b) => b.lines.join('\n').includes('$50,000,000'))).toBe(true);
  });
});
