import { Help, type Command } from 'commander';
import {
  configConcerns, configVariableHelp, configVariableNames, variableChoices, variableDefault, type ConfigConcern, type ConfigVariable,
} from '@civicwatch/adapters/config/config-help.ts';

/** One example: the command line as typed, and what it does when that is not plain from the line itself. */
export type Example = readonly [commandLine: string, what?: string];

export interface CommandHelp {
  /** The environment variables the command reads: whole concerns of the configuration, or single variables. */
  environment?: ReadonlyArray<ConfigConcern | ConfigVariable>;
  examples?: readonly Example[];
}

const helpOf = new WeakMap<Command, CommandHelp>();

/** Gives `command`'s help its environment variables and examples (see `formatHelp` below). */
export function explain<C extends Command>(command: C, help: CommandHelp): C {
  helpOf.set(command, help);
  return command;
}

const isConcern = (item: ConfigConcern | ConfigVariable): item is ConfigConcern =>
  configConcerns.some((concern) => concern.key === item);

/**
 * The variables a command reads, in the schema's order. A group (`users`) reads what its subcommands read;
 * the program itself lists none: each command's help names its own.
 */
export const environmentOf = (command: Command): ConfigVariable[] => {
  const own = helpOf.get(command)?.environment;
  if (own) {
    const wanted = new Set(own.flatMap((item) => (isConcern(item)
      ? configVariableNames.filter((name) => configVariableHelp[name].concern === item)
      : [item])));
    return configVariableNames.filter((name) => wanted.has(name));
  }
  if (!command.parent) return [];
  const fromSubcommands = new Set(command.commands.flatMap(environmentOf));
  return configVariableNames.filter((name) => fromSubcommands.has(name));
};

/** A group's examples are its own, else the first of each subcommand. */
const examplesOf = (command: Command): readonly Example[] =>
  helpOf.get(command)?.examples ?? command.commands.flatMap((sub) => examplesOf(sub).slice(0, 1));

const describeVariable = (name: ConfigVariable): string => {
  const choices = variableChoices(name);
  const fallback = variableDefault(name);
  const notes = [choices && `choices: ${choices.join(', ')}`, fallback !== undefined && `default: ${fallback}`].filter(Boolean);
  return `${configVariableHelp[name].summary}${notes.length > 0 ? ` (${notes.join('; ')})` : ''}`;
};

/** The environment under one heading per concern, names aligned with the options above them. */
const formatEnvironment = (command: Command, variables: ConfigVariable[], helper: Help): string[] => {
  const width = helper.padWidth(command, helper);
  return configConcerns.flatMap(({ key, title }) => {
    const items = variables.filter((name) => configVariableHelp[name].concern === key)
      .map((name) => helper.formatItem(name, width, describeVariable(name), helper));
    return helper.formatItemList(`Environment for ${title}:`, items, helper);
  });
};

/** Each example as a shell comment, when it has one, above the line to type. */
const formatExamples = (examples: readonly Example[], helper: Help): string[] => {
  const width = (helper.helpWidth ?? 80) - 4;
  const items = examples.flatMap(([line, what]) => [
    ...(what ? [`  ${helper.boxWrap(`# ${what}`, width).replaceAll('\n', '\n  # ')}`] : []),
    `  ${line}`,
  ]);
  return helper.formatItemList('Examples:', items, helper);
};

/**
 * commander's help, then the environment variables the command reads and examples. Set on the program before
 * its commands are made, so that every command inherits it.
 */
export const helpConfiguration: Partial<Help> = {
  padWidth(command: Command, helper: Help): number {
    return Math.max(Help.prototype.padWidth.call(helper, command, helper), ...environmentOf(command).map((name) => name.length));
  },
  formatHelp(command: Command, helper: Help): string {
    const lines = [
      ...formatEnvironment(command, environmentOf(command), helper),
      ...formatExamples(examplesOf(command), helper),
    ];
    return [Help.prototype.formatHelp.call(helper, command, helper).trimEnd(), '', ...lines].join('\n').trimEnd() + '\n';
  },
};
