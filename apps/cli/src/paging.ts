import type { Command } from 'commander';
import { z } from 'zod';
import { auditListQuerySchema } from '@civicwatch/core';
import { done, doneJson, parseWith, report, type CommandOutcome } from './command-outcome.ts';
import { formatTable } from './format-table.ts';
import { withRuntime } from './runtime.ts';
import type { Runtime } from '@civicwatch/adapters/container/container.ts';

/** `--page` and `--page-size` of the listing commands (users list, audit): the API's paging rules (core). */
export const pagingOptionsSchema = auditListQuerySchema.extend({ json: z.boolean().default(false) });
type Paging = { page: number; pageSize: number; json: boolean };

/** The line under a page of a listing: how many of how many, and whether a later page holds more. */
export const pageFooter = (shown: number, total: number, paging: { page: number; pageSize: number }, noun: string): string => {
  const more = (paging.page - 1) * paging.pageSize + shown < total;
  return `${shown} of ${total} ${noun}${total > shown ? ` (page ${paging.page}${more ? '; --page for more' : ''})` : ''}\n`;
};

/** How a listing prints its items: under `key` in JSON, each as `view` makes it; else a table of `row`s. */
export interface ListingShape<Item> {
  key: string;
  /** The items counted in the footer: "entry(ies)". */
  noun: string;
  view: (item: Item) => unknown;
  headers: string[];
  row: (item: Item) => string[];
}

/** One page of a listing, as every listing command prints it: JSON with the total and the page, or a table with its footer. */
export const printPage = <Item>(found: { items: Item[]; total: number }, paging: Paging, shape: ListingShape<Item>): CommandOutcome =>
  paging.json
    ? doneJson({ total: found.total, page: paging.page, [shape.key]: found.items.map(shape.view) })
    : done(formatTable(shape.headers, found.items.map(shape.row)) + pageFooter(found.items.length, found.total, paging, shape.noun));

/**
 * A listing command's paging options and its action: the options are checked with `schema` before the database
 * is opened (a typo answers at once), then `run` prints the page.
 */
export function listingCommand<S extends z.ZodType<Paging>>(
  command: Command,
  spec: { name: string; schema: S; pageSize: string; itemsPerPage: string; json: string; run: (runtime: Runtime, options: z.input<S>) => Promise<CommandOutcome> },
): Command {
  return command
    .option('--page <n>', 'page number', '1')
    .option('--page-size <n>', spec.itemsPerPage, spec.pageSize)
    .option('--json', spec.json)
    .action(async (options: z.input<S>) => {
      const parsed = parseWith(spec.name, spec.schema, options);
      report(parsed.ok ? await withRuntime((runtime) => spec.run(runtime, options)) : parsed.outcome);
    });
}
