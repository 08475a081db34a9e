import type { EntityManager } from '@mikro-orm/postgresql';
import { kysely } from './kysely-database.ts';
import type { SettingKey, SettingRepository, SubscriptionTier, SubscriptionTierRepository, TierId } from '@civicwatch/core';

type Entry = 'tiers' | 'settings';

/**
 * This process's copy of what rarely changes and many requests read: the tiers and the prompts (ADR 0024).
 * A copy is kept with the number `reference_data_version` had when it was read; every read asks the database
 * for that number (one row by its key) and reads the tables again only when it moved. The number moves in the
 * transaction of any write to either table (a trigger, migration 0018), whichever process writes, so every
 * instance sees an administrator's change at its next read. Filled only from reads outside a transaction,
 * which see committed rows alone.
 */
export class ReferenceDataCache {
  private readonly entries = new Map<Entry, { version: string; value: unknown }>();

  async read<T>(em: EntityManager, entry: Entry, load: () => Promise<T>): Promise<T> {
    const row = await kysely(em).selectFrom('reference_data_version').select((eb) => eb.cast<string>('version', 'text').as('version')).executeTakeFirst();
    const held = this.entries.get(entry);
    if (row && held?.version === row.version) return structuredClone(held.value as T);
    const value = await load();
    // The number was read first: a write committed in between leaves a newer copy under an older number,
    // which the next read replaces.
    if (row) this.entries.set(entry, { version: row.version, value: structuredClone(value) });
    return value;
  }
}

/** The tiers through the cache; writes go to the table, whose trigger moves the number. */
export class CachedSubscriptionTierRepository implements SubscriptionTierRepository {
  constructor(private readonly em: EntityManager, private readonly cache: ReferenceDataCache, private readonly table: SubscriptionTierRepository) {}

  list(): Promise<SubscriptionTier[]> {
    return this.cache.read(this.em, 'tiers', () => this.table.list());
  }

  async get(id: TierId): Promise<SubscriptionTier | null> {
    return (await this.list()).find((tier) => tier.id === id) ?? null;
  }

  update(tier: SubscriptionTier): Promise<void> {
    return this.table.update(tier);
  }
}

/** The prompts through the cache; writes go to the table, whose trigger moves the number. */
export class CachedSettingRepository implements SettingRepository {
  constructor(private readonly em: EntityManager, private readonly cache: ReferenceDataCache, private readonly table: SettingRepository) {}

  list(): Promise<Array<{ key: SettingKey; value: string }>> {
    return this.cache.read(this.em, 'settings', () => this.table.list());
  }

  async get(key: SettingKey): Promise<string | null> {
    return (await this.list()).find((setting) => setting.key === key)?.value ?? null;
  }

  set(key: SettingKey, value: string): Promise<void> {
    return this.table.set(key, value);
  }
}
