import { describe, expect, it } from 'vitest';
import { auditActionLabel, describeAuditChange } from './audit-entry.ts';

describe('audit entries in plain words', () => {
  it('shows each changed field as before → after', () => {
    expect(describeAuditChange({ tier: 'citizen', credits: 1 }, { tier: 'patriot', credits: 5 })).toEqual(['tier: citizen → patriot', 'credits: 1 → 5']);
  });

  it('marks the missing side of a creation or a deletion with a dash', () => {
    expect(describeAuditChange(null, { code: 'WELCOME' })).toEqual(['code: — → WELCOME']);
    expect(describeAuditChange({ email: 'ada@example.org' }, null)).toEqual(['email: ada@example.org → —']);
  });

  it('cuts long values so a prompt does not fill the page', () => {
    const [line] = describeAuditChange({ value: 'x'.repeat(500) }, { value: 'short' });
    expect(line).toBe(`value: ${'x'.repeat(39)}… → short`);
  });

  it('names known actions and passes unknown ones through', () => {
    expect(auditActionLabel('user.tier')).toBe('Tier changed');
    expect(auditActionLabel('something.new')).toBe('something.new');
  });
});
