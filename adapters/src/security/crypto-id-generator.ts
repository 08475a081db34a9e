import { randomUUID } from 'node:crypto';
import type { IdGenerator } from '@civicwatch/core';

/** Random (version 4) UUIDs: ids reveal neither order nor count. */
export class CryptoIdGenerator implements IdGenerator {
  next(): string {
    return randomUUID();
  }
}
