import { describe, expect, it } from 'vitest';
import { createFreshRead } from './fresh-read.ts';

/** A read whose answers the test releases one by one. */
function controlledRead() {
  const sent: { key: string; answer: (v: string) => void; fail: (e: Error) => void }[] = [];
  const read = (key: string) =>
    new Promise<string>((answer, fail) => {
      sent.push({ key, answer, fail });
    });
  return { sent, read };
}
const turn = () => new Promise((r) => setImmediate(r));

describe('createFreshRead', () => {
  it('callers of the same moment share one read per key', async () => {
    const { sent, read } = controlledRead();
    const fresh = createFreshRead(read);
    const a = fresh('BTC');
    const b = fresh('BTC');
    const c = fresh('ETH');
    await turn();
    expect(sent.map((s) => s.key)).toEqual(['BTC', 'ETH']);
    sent[0]?.answer('btc-1');
    sent[1]?.answer('eth-1');
    expect(await Promise.all([a, b, c])).toEqual(['btc-1', 'btc-1', 'eth-1']);
  });

  it('a caller that comes while a read is out gets the next read, sent after that one ends', async () => {
    const { sent, read } = controlledRead();
    const fresh = createFreshRead(read);
    const first = fresh('BTC');
    await turn();
    expect(sent).toHaveLength(1);
    const late = fresh('BTC');
    const later = fresh('BTC');
    await turn();
    // Not sent yet: the first read is still out.
    expect(sent).toHaveLength(1);
    sent[0]?.answer('old');
    expect(await first).toBe('old');
    await turn();
    expect(sent).toHaveLength(2);
    sent[1]?.answer('new');
    expect(await Promise.all([late, later])).toEqual(['new', 'new']);
  });

  it('a failed read fails its callers only; the next caller reads again', async () => {
    const { sent, read } = controlledRead();
    const fresh = createFreshRead(read);
    const failing = fresh('BTC');
    await turn();
    sent[0]?.fail(new Error('down'));
    await expect(failing).rejects.toThrow('down');
    const again = fresh('BTC');
    await turn();
    expect(sent).toHaveLength(2);
    sent[1]?.answer('up');
    expect(await again).toBe('up');
  });
});
