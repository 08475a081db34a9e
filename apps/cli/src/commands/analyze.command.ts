import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Command } from 'commander';
import {
  AnalyzeDocument, DEFAULT_DOCUMENT_TITLE, DEFAULT_TEXT_TITLE, analysisOptionsSchema, analysisTypeKeys, analysisTypeOf, listInWords, type DocumentSource,
} from '@civicwatch/core';
import { sharedExtractionPool } from '@civicwatch/adapters/extraction/extraction-pool.ts';
import { withRuntime } from '../runtime.ts';
import { exitCodeFor, EXIT_NOINPUT, EXIT_USAGE } from '../exit-codes.ts';
import { describeProgress, formatAnalysis } from '../format-analysis.ts';
import { invalidInput, report } from '../command-outcome.ts';

const readStdin = async (): Promise<Buffer> => {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
};

const utf8 = new TextDecoder('utf-8', { fatal: true });
const asText = (bytes: Buffer): string | null => {
  if (bytes.includes(0)) return null;
  try {
    return utf8.decode(bytes);
  } catch {
    return null;
  }
};

/**
 * Plain UTF-8 is pasted text; everything else goes to the PDF extractor, which reads a PDF by its magic bytes
 * and names anything else (an image, a Word file) as not a PDF.
 */
export const toSource = (bytes: Buffer, name: string): DocumentSource => {
  const text = bytes.subarray(0, 1024).includes('%PDF-') || name.toLowerCase().endsWith('.pdf') ? null : asText(bytes);
  return text === null ? { kind: 'pdf', bytes: new Uint8Array(bytes) } : { kind: 'text', text };
};

export function registerAnalyzeCommand(program: Command) {
  program
    .command('analyze')
    .description('analyse a government document (a PDF or a text file; - reads standard input)')
    .argument('<file>', 'the document: file.pdf, file.txt, or - for standard input')
    .option('-t, --type <type>', listInWords(analysisTypeKeys, 'or'), 'constitutional')
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
        program.error('civicwatch analyze: a custom analysis needs --focus', { exitCode: EXIT_USAGE });
      }

      let bytes: Buffer;
      try {
        bytes = file === '-' ? await readStdin() : await readFile(file);
      } catch (error) {
        program.error(`civicwatch analyze: cannot read ${file}: ${(error as NodeJS.ErrnoException).code ?? String(error)}`, { exitCode: EXIT_NOINPUT });
      }
      const source = toSource(bytes!, file);
      const title = raw.title?.trim() || (file === '-' ? (source.kind === 'pdf' ? DEFAULT_DOCUMENT_TITLE : DEFAULT_TEXT_TITLE) : path.basename(file));

      // One document, then the command exits: its reading process ends once it has read it (README "Benchmarks").
      sharedExtractionPool.keepWarm = false;
      const result = await withRuntime(({ container }) =>
        container.get(AnalyzeDocument).execute({
          source,
          title,
          analysisType: options.analysisType,
          jurisdiction: { country: options.country, state: options.state ?? null },
          customFocus: options.customPrompt ?? null,
          // The operator's own command line: every tier feature is open; a state or a paid-only type picks the paid prompt.
          paidTier: Boolean(options.state) || analysisTypeOf(options.analysisType).paidOnly,
          onProgress: (progress) => process.stderr.write(`${describeProgress(progress)}\n`),
        }));
      if (!result.ok) {
        process.stderr.write(`civicwatch analyze: ${result.error.message} (${result.error.code})\n`);
        process.exitCode = exitCodeFor[result.error.code];
        return;
      }
      process.stdout.write(raw.json ? `${JSON.stringify(result.value, null, 2)}\n` : formatAnalysis(title, options.analysisType, result.value));
    });
}
