import { pino, type Logger } from 'pino';
import type { AppConfig } from '../config/config.ts';

/**
 * The log of a process without an HTTP server (`civicwatch worker`), written as the server's is: one JSON line
 * per event for log collectors, readable lines when a person watches a terminal.
 */
export function createProcessLogger(config: Pick<AppConfig, 'logLevel' | 'env'>): Logger {
  return process.stdout.isTTY && config.env !== 'production'
    ? pino({ level: config.logLevel, transport: { target: 'pino-pretty', options: { translateTime: 'HH:MM:ss', ignore: 'pid,hostname' } } })
    : pino({ level: config.logLevel });
}

/**
 * Where libraries' own output goes (what the OCR library prints): one JSON line per message on standard error,
 * never standard output (the CLI's result), and only at the `debug` level, so a user sees it only on asking.
 */
export function createDiagnosticsLogger(config: Pick<AppConfig, 'logLevel'>): Logger {
  return pino({ level: config.logLevel, base: { source: 'ocr' } }, pino.destination({ dest: 2, sync: true }));
}
