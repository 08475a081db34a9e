import type { z } from 'zod';
import type { DomainError } from '@civicwatch/core';
import { EXIT_OK, EXIT_USAGE, exitCodeFor } from './exit-codes.ts';

/**
 * What a command did: the text for stdout and stderr and the exit status. Command functions return one
 * instead of writing, so tests call them directly and `report` is the only place that touches the process.
 */
export interface CommandOutcome {
  exitCode: number;
  stdout: string;
  stderr: string;
}

export const done = (stdout: string): CommandOutcome => ({ exitCode: EXIT_OK, stdout, stderr: '' });

/** JSON for scripts: the API's shapes, one document per command. */
export const doneJson = (value: unknown): CommandOutcome => done(`${JSON.stringify(value, null, 2)}\n`);

/** Every failure reads `civicwatch <command>: <message>`; `command` is the full path, e.g. `users set-tier`. */
export const failed = (command: string, exitCode: number, message: string): CommandOutcome =>
  ({ exitCode, stdout: '', stderr: `civicwatch ${command}: ${message}\n` });

/** A business failure from a use case: its message and stable code, with the exit status exit-codes.ts gives it. */
export const failedWith = (command: string, error: DomainError): CommandOutcome =>
  failed(command, exitCodeFor[error.code], `${error.message} (${error.code})`);

/** The command line used wrongly (a missing or conflicting option): EX_USAGE. */
export const usageError = (command: string, message: string): CommandOutcome => failed(command, EXIT_USAGE, message);

/**
 * Input the core contract refused: the same messages as the API's 400s, and the status of
 * `validation.invalid`, since that is what it is.
 */
export const invalidInput = (command: string, error: z.ZodError): CommandOutcome =>
  failedWith(command, { code: 'validation.invalid', message: error.issues.map((i) => i.message).join('; ') });

/** Either the parsed input, or the outcome that refuses it before anything is opened. */
export type Parsed<T> = { ok: true; value: T } | { ok: false; outcome: CommandOutcome };
export const parsedOk = <T>(value: T): Parsed<T> => ({ ok: true, value });
export const parsedFailed = <T = never>(outcome: CommandOutcome): Parsed<T> => ({ ok: false, outcome });

/** Parses `input` with a core contract; a refusal is an `invalidInput` outcome. */
export const parseWith = <S extends z.ZodType>(command: string, schema: S, input: unknown): Parsed<z.output<S>> => {
  const parsed = schema.safeParse(input);
  return parsed.success ? parsedOk(parsed.data) : parsedFailed(invalidInput(command, parsed.error));
};

/**
 * A number as typed on the command line, for contracts that take numbers (not strings): an empty word is
 * not 0, and what is not a number reaches the contract as NaN, which it refuses with its own message.
 */
export const numberArgument = (raw: string | undefined): number | undefined =>
  raw === undefined ? undefined : raw.trim() === '' ? Number.NaN : Number(raw);

export const report = (outcome: CommandOutcome): void => {
  if (outcome.stdout) process.stdout.write(outcome.stdout);
  if (outcome.stderr) process.stderr.write(outcome.stderr);
  process.exitCode = outcome.exitCode;
};
