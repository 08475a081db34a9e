import type { Command } from 'commander';
import { describe, expect, it } from 'vitest';
import { analysisTypeKeys, settingKeys, tierIds } from '@civicwatch/core';
import { configVariables } from '@civicwatch/adapters/config/config.ts';
import { createProgram } from './program.ts';

const program = createProgram();

const pathOf = (command: Command): string => (command.parent ? `${pathOf(command.parent)} ${command.name()}` : command.name());
const everyCommand = (command: Command): Command[] => [command, ...command.commands.flatMap(everyCommand)];
const leaves = everyCommand(program).filter((command) => command.commands.length === 0);
const find = (path: string): Command => {
  const command = everyCommand(program).find((c) => pathOf(c) === `civicwatch ${path}`.trim());
  if (!command) throw new Error(`no command ${path}`);
  return command;
};

/** The help as an 80-column terminal shows it. */
const helpOf = (path: string): string => find(path).configureOutput({ getOutHelpWidth: () => 80 }).helpInformation();

/** The help with each wrapped description on one line. */
const unwrapped = (path: string): string => helpOf(path).replaceAll(/\n {6,}/g, ' ');

/** The names listed under the help's "Environment for …" headings. */
const environmentIn = (help: string): string[] =>
  help.split('\n\n').filter((block) => block.startsWith('Environment for '))
    .flatMap((block) => [...block.matchAll(/^ {2}([A-Z][A-Z0-9_]+) /gm)].map((match) => match[1]!));

describe('civicwatch --help', () => {
  it('fits an 80-column terminal, for the program and every command', () => {
    for (const command of everyCommand(program)) {
      const path = pathOf(command).replace(/^civicwatch ?/, '');
      const tooWide = helpOf(path).split('\n').filter((line) => line.length > 80);
      expect(tooWide, `civicwatch ${path} --help`).toEqual([]);
    }
  });

  it('gives every command the environment variables it reads and an example of its own', () => {
    for (const command of leaves) {
      const path = pathOf(command).replace(/^civicwatch /, '');
      const help = helpOf(path);
      expect(environmentIn(help), `civicwatch ${path} --help`).toEqual(expect.arrayContaining(['DATA_DIR', 'DATABASE_URL']));
      const examples = help.slice(help.indexOf('\nExamples:\n'));
      expect(examples, `civicwatch ${path} --help`).toMatch(new RegExp(`^ {2}(\\S+=\\S+ )*civicwatch ${path}( |$)`, 'm'));
    }
  });

  it('lists every variable of the configuration for serve, under the part of the product it configures', () => {
    const help = unwrapped('serve');
    expect(environmentIn(help).toSorted()).toEqual([...configVariables].toSorted());
    expect(help).toContain('Environment for the web server:\n  PORT');
    expect(help).toMatch(/^ {2}PORT +HTTP port of the web app and the API \(default: 3000\)$/m);
    expect(help).toMatch(/^ {2}LOG_LEVEL +how much is logged \(choices: fatal, error, warn, info, debug, trace, silent; default: info\)$/m);
  });

  it('lists for analyze and compare what bears on reading and analysing a document, and nothing of the web server', () => {
    for (const path of ['analyze', 'compare']) {
      const environment = environmentIn(helpOf(path));
      expect(environment).toEqual(expect.arrayContaining(['DATA_DIR', 'DATABASE_URL', 'SESSION_SECRET', 'OPENAI_API_KEY', 'OLLAMA_HOST', 'OCR_LANGUAGES', 'LOG_LEVEL']));
      expect(environment).not.toContain('PORT');
      expect(environment).not.toContain('STRIPE_SECRET_KEY');
    }
  });

  it('lists for a group the variables its commands read, and the database alone for one that reads nothing else', () => {
    expect(environmentIn(helpOf('users'))).toEqual(expect.arrayContaining(['DATABASE_URL', 'ADMIN_EMAILS', 'STRIPE_SECRET_KEY']));
    expect(environmentIn(helpOf('users list'))).toEqual(['DATA_DIR', 'DATABASE_URL', 'DATABASE_POOL_SIZE', 'SESSION_SECRET']);
    expect(environmentIn(helpOf('refund'))).toContain('STRIPE_SECRET_KEY');
  });

  it('offers the version, and shows the choices of closed options and arguments from the contracts', () => {
    expect(helpOf('')).toMatch(/^ {2}-V, --version +print the version and exit$/m);
    const choices = (values: readonly string[]) => `(choices: ${values.map((v) => `"${v}"`).join(', ')}`;
    expect(unwrapped('analyze')).toContain(choices(analysisTypeKeys));
    expect(unwrapped('users set-tier')).toContain(choices(tierIds));
    expect(unwrapped('tiers set')).toContain(choices(tierIds));
    expect(unwrapped('prompts get')).toContain(choices(settingKeys));
    expect(unwrapped('prompts set')).toContain(choices(settingKeys));
  });
});
