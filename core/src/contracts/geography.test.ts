import { describe, expect, it } from 'vitest';
import { lawBeyondOfflineAnalyzer } from './geography.ts';

describe('lawBeyondOfflineAnalyzer', () => {
  it('names the state whose law the offline analyzer cannot check', () => {
    expect(lawBeyondOfflineAnalyzer('US', 'IL')).toBe('Illinois law');
    expect(lawBeyondOfflineAnalyzer('US', 'NY')).toBe('New York law');
  });

  it('names the country chosen outside the United States', () => {
    expect(lawBeyondOfflineAnalyzer('DE', null)).toBe('the law of the country you chose (Germany)');
    expect(lawBeyondOfflineAnalyzer('OTHER', null)).toBe('the law of the country you chose');
  });

  it('has nothing to say of a federal analysis in the United States, which the offline analyzer covers', () => {
    expect(lawBeyondOfflineAnalyzer('US', null)).toBeNull();
  });
});
