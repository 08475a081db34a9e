import { vi } from 'vitest';

/**
 * jsdom has no EventSource: this stand-in records the streams the app opens and lets a test play
 * server-sent events into them.
 */
export class FakeEventSource {
  static instances: FakeEventSource[] = [];
  onmessage: ((event: MessageEvent<string>) => void) | null = null;
  onerror: ((event: Event) => void) | null = null;
  closed = false;

  constructor(
    readonly url: string,
    readonly init?: EventSourceInit,
  ) {
    FakeEventSource.instances.push(this);
  }

  /** One `data:` line of the stream, as JSON. */
  emit(data: unknown) {
    this.onmessage?.(new MessageEvent('message', { data: JSON.stringify(data) }));
  }

  close() {
    this.closed = true;
  }
}

/** Installs the stand-in for this test file; undo with vi.unstubAllGlobals(). */
export function installFakeEventSource(): typeof FakeEventSource {
  FakeEventSource.instances = [];
  vi.stubGlobal('EventSource', FakeEventSource);
  return FakeEventSource;
}
