import { describe, expect, it } from 'vitest';
import { withCacheBust } from './RetryImage.tsx';

describe('withCacheBust', () => {
  it('adds or replaces the cache-busting parameter and keeps the signature', () => {
    expect(withCacheBust('/a.png', 1)).toBe('/a.png?_t=1');
    expect(withCacheBust('/a.png?expires=1&signature=x', 2)).toBe('/a.png?expires=1&signature=x&_t=2');
    expect(withCacheBust('/a.png?expires=1&_t=2&signature=x', 3)).toBe('/a.png?expires=1&signature=x&_t=3');
    expect(withCacheBust('/a.png?_t=2', 3)).toBe('/a.png?_t=3');
  });
});
