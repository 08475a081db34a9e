import { describe, expect, it } from 'vitest';
import { progressLine } from './progress-line.ts';

const stream = (isTTY: boolean) => {
  const written: string[] = [];
  return { written, isTTY, write: (text: string) => written.push(text) };
};

describe('progressLine', () => {
  it('draws one line again in place on a terminal, and ends it before anything else is said', () => {
    const terminal = stream(true);
    const progress = progressLine(terminal);
    progress.show('Reading page 1 of 2…');
    progress.show('Reading page 2 of 2…');
    progress.end();
    progress.end();
    expect(terminal.written.join('')).toBe('\rReading page 1 of 2…\u001b[K\rReading page 2 of 2…\u001b[K\n');
  });

  it('writes a plain line a step anywhere else (a log, a pipe)', () => {
    const log = stream(false);
    const progress = progressLine(log);
    progress.show('Reading page 1 of 2…');
    progress.show('Analysing…');
    progress.end();
    expect(log.written.join('')).toBe('Reading page 1 of 2…\nAnalysing…\n');
  });
});
