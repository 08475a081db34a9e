import { defineEntity, p } from '@mikro-orm/core';

/** An e-mail ADMIN_EMAILS named when the server last started; position 0 is the main administrator. */
export const ConfiguredAdminEntity = defineEntity({
  name: 'ConfiguredAdmin',
  tableName: 'configured_admins',
  properties: {
    email: p.text().primary().check('email = lower(email)'),
    position: p.integer(),
  },
});
