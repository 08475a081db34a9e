import { defineEntity, p } from '@mikro-orm/core';

export const SessionEntity = defineEntity({
  name: 'Session',
  tableName: 'sessions',
  properties: {
    sid: p.text().primary(),
    data: p.json<Record<string, unknown>>(),
    expiresAt: p.datetime().index('sessions_expires_at_index'),
  },
});
