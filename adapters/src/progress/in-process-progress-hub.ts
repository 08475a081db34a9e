import { isFinalProgress, type AnalysisProgressEvent, type ProgressHub, type ProgressKey } from '@civicwatch/core';

export interface InProcessProgressHubOptions {
  /** How long the latest event of an analysis waits for a late watcher, in ms. */
  retainMs?: number;
}

interface Channel {
  listeners: Set<(event: AnalysisProgressEvent) => void>;
  latest: AnalysisProgressEvent | null;
  expiry: NodeJS.Timeout | null;
}

/** Default: long enough for a page that opens its stream a little after posting, short enough to hold little. */
export const DEFAULT_PROGRESS_RETAIN_MS = 60_000;
/** Every analysis ends with `done` or `failed`; this bound only guards against a publisher that never says so. */
const UNFINISHED_RETAIN_MS = 30 * 60_000;

/**
 * `ProgressHub` in this process's memory (ADR 0005): a watcher must reach the process that runs the analysis,
 * so several instances need sticky sessions or a shared bus. Each (user, progress id) keeps its listeners and
 * its latest event, which is forgotten `retainMs` after the final one (`done`, `failed`). Listeners that
 * throw are the caller's bug and are removed, never allowed to break the analysis that publishes.
 */
export class InProcessProgressHub implements ProgressHub {
  readonly #channels = new Map<string, Channel>();
  readonly #retainMs: number;

  constructor(options: InProcessProgressHubOptions = {}) {
    this.#retainMs = options.retainMs ?? DEFAULT_PROGRESS_RETAIN_MS;
  }

  publish(key: ProgressKey, event: AnalysisProgressEvent): void {
    const channel = this.#channel(key);
    channel.latest = event;
    for (const listener of [...channel.listeners]) {
      try {
        listener(event);
      } catch {
        channel.listeners.delete(listener);
      }
    }
    this.#expireLater(keyOf(key), channel, event);
  }

  subscribe(key: ProgressKey, listener: (event: AnalysisProgressEvent) => void): () => void {
    const id = keyOf(key);
    const channel = this.#channel(key);
    channel.listeners.add(listener);
    if (channel.latest) listener(channel.latest);
    return () => {
      channel.listeners.delete(listener);
      if (channel.listeners.size === 0 && channel.latest === null) this.#drop(id, channel);
    };
  }

  /** Listeners of one key: for tests of the stream's clean-up. */
  listenerCount(key: ProgressKey): number {
    return this.#channels.get(keyOf(key))?.listeners.size ?? 0;
  }

  #channel(key: ProgressKey): Channel {
    const id = keyOf(key);
    let channel = this.#channels.get(id);
    if (!channel) {
      channel = { listeners: new Set(), latest: null, expiry: null };
      this.#channels.set(id, channel);
    }
    return channel;
  }

  #expireLater(id: string, channel: Channel, event: AnalysisProgressEvent): void {
    if (channel.expiry) clearTimeout(channel.expiry);
    // A final event waits `retainMs` for a late watcher; an unfinished analysis keeps its latest stage far longer.
    channel.expiry = setTimeout(() => {
      channel.expiry = null;
      channel.latest = null;
      if (channel.listeners.size === 0) this.#drop(id, channel);
    }, isFinalProgress(event) ? this.#retainMs : UNFINISHED_RETAIN_MS);
    // A pending expiry must never keep the process alive.
    channel.expiry.unref();
  }

  #drop(id: string, channel: Channel): void {
    if (channel.expiry) clearTimeout(channel.expiry);
    if (this.#channels.get(id) === channel) this.#channels.delete(id);
  }
}

const keyOf = (key: ProgressKey): string => `${key.userId}\u0000${key.progressId}`;

