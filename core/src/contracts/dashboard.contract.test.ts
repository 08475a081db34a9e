import { describe, expect, it } from 'vitest';
import { SUMMARY_PREVIEW_LENGTH, summaryPreview } from './dashboard.contract.ts';

describe('summaryPreview', () => {
  it('keeps a summary that fits whole', () => {
    const short = 'The council adopts the budget.';
    expect(summaryPreview(short)).toBe(short);
    expect(summaryPreview('x'.repeat(SUMMARY_PREVIEW_LENGTH))).toBe('x'.repeat(SUMMARY_PREVIEW_LENGTH));
  });

  it('cuts a longer one after its last whole word within the preview, with an ellipsis', () => {
    const summary = 'The council adopts the budget for the coming year. '.repeat(8);
    const preview = summaryPreview(summary);
    expect(preview).toBe(`${summary.slice(0, 3 * 51)}The council adopts the budget for the coming…`);
    expect(preview.length).toBeLessThanOrEqual(SUMMARY_PREVIEW_LENGTH + 1);
  });

  it('cuts a word longer than half the preview where the preview ends', () => {
    const url = `See https://example.org/${'a'.repeat(300)}`;
    expect(summaryPreview(url)).toBe(`${url.slice(0, SUMMARY_PREVIEW_LENGTH)}…`);
  });
});
