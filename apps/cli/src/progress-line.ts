/** Where progress goes: the process's standard error, or a test's. */
export interface ProgressStream {
  isTTY?: boolean;
  write(text: string): unknown;
}

/**
 * Progress on standard error: on a terminal one line, drawn again in place at each step ("Reading scanned page 3
 * of 66 (OCR)…"), ended before the command says anything else; elsewhere (a log, a pipe) one plain line a step.
 */
export function progressLine(stream: ProgressStream = process.stderr): { show(line: string): void; end(): void } {
  let drawn = false;
  return {
    show(line) {
      if (!stream.isTTY) {
        stream.write(`${line}\n`);
        return;
      }
      // Back to the line's start, the new step, the rest of the old one cleared.
      stream.write(`\r${line}\u001b[K`);
      drawn = true;
    },
    end() {
      if (drawn) stream.write('\n');
      drawn = false;
    },
  };
}
