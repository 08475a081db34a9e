import { Option, type Command } from 'commander';
import { AnalyzeDocument, analysisOptionsSchema, analysisTypeKeys, analysisTypeOf, analysisTypes } from '@civicwatch/core';
import { sharedExtractionPool } from '@civicwatch/adapters/extraction/extraction-pool.ts';
import { progressLine } from '../progress-line.ts';
import { readDocumentArgument } from '../document-input.ts';
import { withRuntime } from '../runtime.ts';
import { exitCodeFor, EXIT_USAGE } from '../exit-codes.ts';
import { describeProgress, formatAnalysis } from '../format-analysis.ts';
import { invalidInput, report } from '../command-outcome.ts';
import { explain } from '../help.ts';

export function registerAnalyzeCommand(program: Command) {
  const analyze = program
    .command('analyze')
    .description('analyse a government document (a PDF or a text file; - reads standard input)')
    .argument('<file>', 'the document: file.pdf, file.txt, or - for standard input')
    // The catalogue's types: help lists them, and commander refuses any other word as a usage error.
    .addOption(new Option('-t, --type <type>', analysisTypes.map((type) => `${type.key}: ${type.description.toLowerCase()}`).join('; '))
      .choices(analysisTypeKeys)
      .default(analysisOptionsSchema.shape.analysisType.def.defaultValue))
    .option('-f, --focus <text>', 'what a custom analysis should look for')
    .option('--state <code>', 'two-letter US state for a state-level analysis (e.g. IL)')
    .option('--country <code>', 'country code (e.g. US, CA, DE)', 'US')
    .option('--title <title>', 'title of the document (default: the file name)')
    .option('--json', 'print the result as JSON')
    .action(async (file: string, raw: { type: string; focus?: string; state?: string; country: string; title?: string; json?: boolean }) => {
      const parsed = analysisOptionsSchema.safeParse({ analysisType: raw.type, customPrompt: raw.focus, state: raw.state, country: raw.country });
      // Refused by the Analyze page's contract: 65, as every contract refusal (validation.invalid).
      if (!parsed.success) return report(invalidInput('analyze', parsed.error));
      const options = parsed.data;
      if (options.analysisType === 'custom' && !options.customPrompt) {
        analyze.error('civicwatch analyze: a custom analysis needs --focus', { exitCode: EXIT_USAGE });
      }

      const { source, title } = await readDocumentArgument('analyze', file, raw.title);

      // One document, then the command exits: its reading process ends once it has read it (README "Benchmarks").
      sharedExtractionPool.keepWarm = false;
      const shown = progressLine();
      const result = await withRuntime(({ container }) =>
        container.get(AnalyzeDocument).execute({
          source,
          title,
          analysisType: options.analysisType,
          jurisdiction: { country: options.country, state: options.state ?? null },
          customFocus: options.customPrompt ?? null,
          // The operator's own command line: every tier feature is open; a state or a paid-only type picks the paid prompt.
          paidTier: Boolean(options.state) || analysisTypeOf(options.analysisType).paidOnly,
          onProgress: (progress) => shown.show(describeProgress(progress)),
        })).finally(() => shown.end());
      if (!result.ok) {
        process.stderr.write(`civicwatch analyze: ${result.error.message} (${result.error.code})\n`);
        process.exitCode = exitCodeFor[result.error.code];
        return;
      }
      process.stdout.write(raw.json ? `${JSON.stringify(result.value, null, 2)}\n` : formatAnalysis(title, options.analysisType, result.value));
    });
  explain(analyze, {
    // LOG_LEVEL: what OCR says about scanned pages, on stderr.
    environment: ['database', 'analyzer', 'LOG_LEVEL'],
    examples: [
      ['civicwatch analyze ordinance.pdf', 'a readable analysis with page citations; progress on stderr'],
      ['civicwatch analyze budget.pdf --state IL --json', 'a state-level check, JSON on stdout'],
      ['civicwatch analyze - --type summary < minutes.txt', 'a summary of the text on standard input'],
    ],
  });
}
