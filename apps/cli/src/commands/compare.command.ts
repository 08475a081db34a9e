import type { Command } from 'commander';
import { CompareVersions } from '@civicwatch/core';
import { sharedExtractionPool } from '@civicwatch/adapters/extraction/extraction-pool.ts';
import { progressLine } from '../progress-line.ts';
import { readDocumentArgument } from '../document-input.ts';
import { withRuntime } from '../runtime.ts';
import { exitCodeFor } from '../exit-codes.ts';
import { describeProgress } from '../format-analysis.ts';
import { formatComparison } from '../format-comparison.ts';
import { explain } from '../help.ts';

export function registerCompareCommand(program: Command) {
  const compare = program
    .command('compare')
    .description('compare two versions of a document: what changed, with the page in each (PDFs or text files; - reads standard input)')
    .argument('<earlier>', 'the earlier version: file.pdf, file.txt, or -')
    .argument('<later>', 'the later version: file.pdf, file.txt, or -')
    .option('--earlier-title <title>', 'title of the earlier version (default: its file name)')
    .option('--later-title <title>', 'title of the later version (default: its file name)')
    .option('--json', 'print the comparison as JSON')
    .action(async (earlierFile: string, laterFile: string, raw: { earlierTitle?: string; laterTitle?: string; json?: boolean }) => {
      if (earlierFile === '-' && laterFile === '-') compare.error('civicwatch compare: only one version can be read from standard input', { exitCode: 64 });
      const earlier = await readDocumentArgument('compare', earlierFile, raw.earlierTitle);
      const later = await readDocumentArgument('compare', laterFile, raw.laterTitle);
      // The operator's own command line: no credit, no tier. Each version's reading process ends once it is read.
      sharedExtractionPool.keepWarm = false;
      const shown = progressLine();
      const result = await withRuntime(({ container }) =>
        container.get(CompareVersions).execute({
          earlier,
          later,
          onProgress: (progress) => shown.show(describeProgress(progress)),
        })).finally(() => shown.end());
      if (!result.ok) {
        process.stderr.write(`civicwatch compare: ${result.error.message} (${result.error.code})\n`);
        process.exitCode = exitCodeFor[result.error.code];
        return;
      }
      process.stdout.write(raw.json ? `${JSON.stringify(result.value, null, 2)}\n` : formatComparison(result.value));
    });
  explain(compare, {
    // LOG_LEVEL: what OCR says about scanned pages, on stderr.
    environment: ['database', 'analyzer', 'LOG_LEVEL'],
    examples: [
      ['civicwatch compare tentative-budget.pdf adopted-budget.pdf', 'what changed, with the page in each version'],
      ['civicwatch compare --json levy-2019.pdf levy-2020.pdf > changes.json'],
    ],
  });
}
