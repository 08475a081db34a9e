/** The little the persistence adapters log; a pino logger fits it. */
export interface DatabaseLogger {
  info(message: string): void;
  warn(message: string): void;
}
