import { z } from 'zod';
import { auditListQuerySchema } from '@civicwatch/core';

/** `--page` and `--page-size` of the listing commands (users list, audit): the API's paging rules (core). */
export const pagingOptionsSchema = auditListQuerySchema.extend({ json: z.boolean().default(false) });

/** The line under a page of a listing: how many of how many, and whether a later page holds more. */
export const pageFooter = (shown: number, total: number, paging: { page: number; pageSize: number }, noun: string): string => {
  const more = (paging.page - 1) * paging.pageSize + shown < total;
  return `${shown} of ${total} ${noun}${total > shown ? ` (page ${paging.page}${more ? '; --page for more' : ''})` : ''}\n`;
};
