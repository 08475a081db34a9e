import { describe, expect, it } from 'vitest';
import { NOTHING_UNDERSTOOD, type DraftFact } from '@civicwatch/core';
import { estimateTokens } from './document-chunker.ts';
import { factsBudgetTokens } from './llm-analysis-pipeline.ts';
import { verifiedFactsBlock } from './prompt-framing.ts';

const fact = (page: number): DraftFact => ({
  type: 'vote', statement: `The council approved item ${page} by a vote of 5 to 2.`, quote: `Motion carried 5-2 on item ${page}`, page,
});

describe('factsBudgetTokens', () => {
  it('sets nothing aside when no fact was found, so the pages keep the whole budget', () => {
    expect(factsBudgetTokens({ understanding: NOTHING_UNDERSTOOD }, 8_000)).toBe(0);
  });

  it('sets aside what all the facts take when they are few', () => {
    const understanding = { ...NOTHING_UNDERSTOOD, facts: [fact(1), fact(2)] };
    expect(factsBudgetTokens({ understanding }, 8_000)).toBe(estimateTokens(verifiedFactsBlock(understanding.facts, Infinity)));
  });

  it('never more than a quarter of the budget, however many facts a long document has', () => {
    const understanding = { ...NOTHING_UNDERSTOOD, facts: Array.from({ length: 500 }, (_, i) => fact(i + 1)) };
    expect(factsBudgetTokens({ understanding }, 8_000)).toBe(2_000);
  });
});
