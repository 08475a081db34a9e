/** Ids are UUIDs; the generator is a port so that core stays free of node:crypto. */
export interface IdGenerator {
  next(): string;
}
export const IdGenerator = Symbol('IdGenerator');
