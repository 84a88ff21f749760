/**
 * A stand-in for socket.io-client's socket in page tests: records what the page emits and lets the
 * test deliver server events. Use it from the test file (vi.mock is hoisted there):
 *
 *   vi.mock('socket.io-client', async () => (await import('../test/fake-socket.ts')).fakeSocketModule);
 *   ... fakeSockets.at(-1)?.receive('some_event', payload);
 */
type Handler = (...args: unknown[]) => void;

export class FakeSocket {
  handlers = new Map<string, Set<Handler>>();
  emitted: [string, unknown][] = [];
  disconnected = false;
  on(event: string, handler: Handler) {
    if (!this.handlers.has(event)) this.handlers.set(event, new Set());
    this.handlers.get(event)?.add(handler);
    return this;
  }
  off(event: string, handler: Handler) {
    this.handlers.get(event)?.delete(handler);
    return this;
  }
  emit(event: string, payload: unknown) {
    this.emitted.push([event, payload]);
    return this;
  }
  removeAllListeners() {
    this.handlers.clear();
    return this;
  }
  disconnect() {
    this.disconnected = true;
    return this;
  }
  /** Simulates an event coming from the server. */
  receive(event: string, payload?: unknown) {
    for (const handler of this.handlers.get(event) ?? []) handler(payload);
  }
}

/** Every socket the page opened, newest last; tests empty it in beforeEach. */
export const fakeSockets: FakeSocket[] = [];

export const fakeSocketModule = {
  io: () => {
    const socket = new FakeSocket();
    fakeSockets.push(socket);
    return socket;
  },
};
