import { Argument, InvalidArgumentError } from 'commander';
import { normalizeTierId, settingKeys, tierIds } from '@civicwatch/core';

/**
 * Arguments that take one of a few words, the contracts' own lists: help shows them, and commander refuses any
 * other word, naming them, as a usage error (EX_USAGE) before anything is opened.
 */

/** A tier, matched as the contract matches tier ids wherever they arrive: any case, `free` for citizen. */
export const tierArgument = (description: string) =>
  new Argument('<tier>', description).choices(tierIds).argParser((raw: string) => {
    const id = normalizeTierId(raw);
    if (!id) throw new InvalidArgumentError(`Allowed choices are ${tierIds.join(', ')}.`);
    return id;
  });

/** One of the three AI prompts, by its setting key. */
export const promptKeyArgument = (name: '<key>' | '[key]', description: string) => new Argument(name, description).choices(settingKeys);
