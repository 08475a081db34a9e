import { defineEntity, p } from '@mikro-orm/core';

/** Written only by PostgresRateLimitStore's SQL; declared so that the schema check knows the table. */
export const RateLimitEntity = defineEntity({
  name: 'RateLimit',
  tableName: 'rate_limits',
  properties: {
    key: p.text().primary(),
    hits: p.integer().check('hits > 0'),
    expiresAt: p.datetime().index('rate_limits_expires_at_index'),
  },
});
