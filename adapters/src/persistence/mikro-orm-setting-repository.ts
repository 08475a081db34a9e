import type { EntityManager } from '@mikro-orm/postgresql';
import { settingKeys, type SettingKey, type SettingRepository } from '@civicwatch/core';
import { SettingEntity } from './entities/setting.entity.ts';
import { kysely } from './kysely-database.ts';

const isSettingKey = (key: string): key is SettingKey => (settingKeys as readonly string[]).includes(key);

export class MikroOrmSettingRepository implements SettingRepository {
  constructor(private readonly em: EntityManager) {}

  async get(key: SettingKey): Promise<string | null> {
    const row = await this.em.findOne(SettingEntity, { key }, { disableIdentityMap: true });
    return row?.value ?? null;
  }

  /** Only the keys core knows; rows left by other versions are not offered for editing. */
  async list(): Promise<Array<{ key: SettingKey; value: string }>> {
    const rows = await this.em.find(SettingEntity, {}, { orderBy: { key: 'asc' }, disableIdentityMap: true });
    return rows.flatMap((row) => (isSettingKey(row.key) ? [{ key: row.key, value: row.value }] : []));
  }

  async set(key: SettingKey, value: string): Promise<void> {
    await kysely(this.em).insertInto('settings').values((eb) => ({ key, value, updated_at: eb.fn<string>('now') }))
      .onConflict((conflict) => conflict.column('key').doUpdateSet((eb) => ({ value: eb.ref('excluded.value'), updated_at: eb.ref('excluded.updated_at') })))
      .execute();
  }
}
