import { readFile } from 'node:fs/promises';
import type { Command } from 'commander';
import { GetPrompts, UpdatePrompt, updateSettingSchema, type UpdateSettingInput } from '@civicwatch/core';
import type { Runtime } from '@civicwatch/adapters/container/container.ts';
import { withRuntime } from '../runtime.ts';
import { cliActor } from '../cli-actor.ts';
import { EXIT_NOINPUT } from '../exit-codes.ts';
import {
  done, doneJson, failed, failedWith, parseWith, parsedFailed, report, type CommandOutcome, type Parsed,
} from '../command-outcome.ts';
import { explain } from '../help.ts';
import { promptKeyArgument } from '../closed-arguments.ts';

const readStdin = async (): Promise<Buffer> => {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
};

const withNewline = (text: string) => (text.endsWith('\n') ? text : `${text}\n`);

export async function getPromptsCommand(runtime: Runtime, key: string | undefined, options: { json?: boolean }): Promise<CommandOutcome> {
  const command = 'prompts get';
  const wanted = key === undefined ? null : parseWith(command, updateSettingSchema.shape.key, key);
  if (wanted && !wanted.ok) return wanted.outcome;
  const prompts = await runtime.container.get(GetPrompts).execute();
  if (!wanted) {
    if (options.json) return doneJson(prompts);
    return done(prompts.map((p) => `== ${p.key} ==\n${withNewline(p.value)}`).join('\n'));
  }
  const prompt = prompts.find((p) => p.key === wanted.value);
  if (!prompt) return failedWith(command, { code: 'not_found', message: `The ${wanted.value} prompt is not set` });
  // One prompt alone is printed as it is stored, so `prompts get K > f` and `prompts set K --file f` round-trip.
  return options.json ? doneJson(prompt) : done(withNewline(prompt.value));
}

export interface SetPromptOptions {
  /** A path, or - for standard input. */
  file: string;
  json?: boolean;
}

/** Reads the prompt and parses it with the panel's contract (updateSettingSchema), before the database is opened. */
export async function readPromptInput(key: string, options: SetPromptOptions, stdin: () => Promise<Buffer> = readStdin): Promise<Parsed<UpdateSettingInput>> {
  const command = 'prompts set';
  const parsedKey = parseWith(command, updateSettingSchema.shape.key, key);
  if (!parsedKey.ok) return parsedKey;
  let bytes: Buffer;
  try {
    bytes = options.file === '-' ? await stdin() : await readFile(options.file);
  } catch (error) {
    return parsedFailed(failed(command, EXIT_NOINPUT, `cannot read ${options.file}: ${(error as NodeJS.ErrnoException).code ?? String(error)}`));
  }
  return parseWith(command, updateSettingSchema, { key: parsedKey.value, value: bytes.toString('utf8') });
}

export async function setPromptCommand(runtime: Runtime, input: UpdateSettingInput, options: { json?: boolean }): Promise<CommandOutcome> {
  const result = await runtime.container.get(UpdatePrompt).execute(cliActor(), input);
  if (!result.ok) return failedWith('prompts set', result.error);
  return options.json ? doneJson(result.value) : done(`Saved ${result.value.key} (${result.value.value.length} characters)\n`);
}

/** The three AI prompts the analyses use (docs/product/administration.md "Admin panel"): free_user_prompt, paid_user_prompt, summary_prompt. */
export function registerPromptCommands(program: Command) {
  const prompts = program.command('prompts').description('read and replace the AI prompts');

  explain(prompts
    .command('get')
    .description('print the prompts, or one of them as stored')
    .addArgument(promptKeyArgument('[key]', 'the prompt to print alone'))
    .option('--json', 'print JSON (as GET /api/admin/settings answers)')
    .action(async (key: string | undefined, options: { json?: boolean }) => {
      report(await withRuntime((runtime) => getPromptsCommand(runtime, key, options)));
    }), {
    environment: ['database'],
    examples: [['civicwatch prompts get'], ['civicwatch prompts get paid_user_prompt > paid.txt', 'one prompt as stored, to edit']],
  });

  explain(prompts
    .command('set')
    .description('replace a prompt with the contents of a file (the paid prompt must keep {{STATE}} and {{COUNTRY}})')
    .addArgument(promptKeyArgument('<key>', 'the prompt to replace'))
    .requiredOption('-f, --file <path>', 'the new prompt, UTF-8 text; - reads standard input')
    .option('--json', 'print the saved prompt as JSON')
    .action(async (key: string, options: SetPromptOptions) => {
      const input = await readPromptInput(key, options);
      report(input.ok ? await withRuntime((runtime) => setPromptCommand(runtime, input.value, options)) : input.outcome);
    }), {
    environment: ['database'],
    examples: [['civicwatch prompts set paid_user_prompt --file paid.txt'], ['civicwatch prompts set summary_prompt --file - < summary.txt']],
  });
}
