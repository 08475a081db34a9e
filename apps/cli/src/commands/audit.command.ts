import type { Command } from 'commander';
import type { z } from 'zod';
import { ListAuditLog, toAuditEntryView, type AuditEntry } from '@civicwatch/core';
import type { Runtime } from '@civicwatch/adapters/container/container.ts';
import { listingCommand, pagingOptionsSchema, printPage } from '../paging.ts';
import { parseWith, type CommandOutcome } from '../command-outcome.ts';
import { explain } from '../help.ts';

export type AuditOptions = z.input<typeof pagingOptionsSchema>;

const shown = (value: unknown): string => {
  const text = typeof value === 'string' ? value : JSON.stringify(value) ?? 'null';
  const line = text.replace(/\s+/g, ' ');
  return line.length > 40 ? `${line.slice(0, 39)}…` : line;
};

/** One line for a table cell: each field the action changed, before -> after (long values cut short; --json has them whole). */
export const describeChange = (entry: Pick<AuditEntry, 'before' | 'after'>): string => {
  const { before, after } = entry;
  if (!before && !after) return '';
  if (!before) return Object.entries(after!).map(([k, v]) => `${k}=${shown(v)}`).join(', ');
  if (!after) return `removed ${Object.entries(before).map(([k, v]) => `${k}=${shown(v)}`).join(', ')}`;
  const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])];
  return keys.map((k) => (k in before && k in after && JSON.stringify(before[k]) !== JSON.stringify(after[k])
    ? `${k}: ${shown(before[k])} -> ${shown(after[k])}`
    : `${k}=${shown(k in after ? after[k] : before[k])}`)).join(', ');
};

export async function auditCommand(runtime: Runtime, raw: AuditOptions): Promise<CommandOutcome> {
  const parsed = parseWith('audit', pagingOptionsSchema, raw);
  if (!parsed.ok) return parsed.outcome;
  const options = parsed.value;
  const { entries, total } = await runtime.container.get(ListAuditLog).execute(options);
  return printPage({ items: entries, total }, options, {
    key: 'entries', noun: 'entry(ies)', view: toAuditEntryView,
    headers: ['When (UTC)', 'Actor', 'Action', 'Target', 'Change'],
    row: (e) => [e.createdAt.toISOString().slice(0, 19).replace('T', ' '), e.actorLabel, e.action, e.target, describeChange(e)],
  });
}

export function registerAuditCommand(program: Command) {
  explain(listingCommand(program
    .command('audit')
    .description('the audit log of administrative actions (panel and command line), newest first'), {
    name: 'audit', schema: pagingOptionsSchema, pageSize: '50', itemsPerPage: 'entries per page', json: 'print JSON instead of a table', run: auditCommand,
  }), { environment: ['database'], examples: [['civicwatch audit'], ['civicwatch audit --page 2 --page-size 20']] });
}
