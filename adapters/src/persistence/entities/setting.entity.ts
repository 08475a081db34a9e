import { defineEntity, p } from '@mikro-orm/core';
import { bumpReferenceDataVersion } from './reference-data-version.entity.ts';

export const SettingEntity = defineEntity({
  name: 'Setting',
  tableName: 'settings',
  triggers: [bumpReferenceDataVersion],
  properties: {
    key: p.text().primary(),
    value: p.text(),
    updatedAt: p.datetime().defaultRaw('now()'),
  },
});
