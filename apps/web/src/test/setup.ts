/**
 * Shared set-up for the web tests (the web project's setupFiles in vitest.config.ts):
 * window.matchMedia and ResizeObserver for antd, DOM clean-up and an empty local storage between tests.
 */
import { installChineseValidationMessages } from '@platform/contracts';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import { applyLanguage } from '../i18n/index.ts';
import { sessionStore } from '../lib/session.tsx';
import { clearSessionStorage } from '../lib/storage.ts';
import { failOnReplyDrift } from './api.ts';

// As main.tsx does: the contracts' zod messages in Chinese.
installChineseValidationMessages();

// findBy*/waitFor give a mounting antd page this long before failing.
configure({ asyncUtilTimeout: 5000 });

/** Evaluates (min-width/max-width: Npx) queries against the current window.innerWidth. */
function matches(query: string): boolean {
  const width = window.innerWidth;
  const min = /min-width:\s*(\d+(?:\.\d+)?)px/.exec(query);
  const max = /max-width:\s*(\d+(?:\.\d+)?)px/.exec(query);
  if (min?.[1] && width < Number(min[1])) return false;
  if (max?.[1] && width > Number(max[1])) return false;
  return Boolean(min || max);
}

if (!window.matchMedia) {
  Object.defineProperty(window, 'matchMedia', {
    configurable: true,
    writable: true,
    value: (query: string): MediaQueryList => ({
      matches: matches(query),
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }),
  });
}

if (!('ResizeObserver' in window)) {
  class NoopResizeObserver {
    observe() {}
    unobserve() {}
    disconnect() {}
  }
  Object.defineProperty(window, 'ResizeObserver', {
    configurable: true,
    writable: true,
    value: NoopResizeObserver,
  });
  Object.defineProperty(globalThis, 'ResizeObserver', {
    configurable: true,
    writable: true,
    value: NoopResizeObserver,
  });
}

/** Sets the window width that matchMedia answers for (antd reads it when the component mounts). */
export function setViewportWidth(width: number): void {
  Object.defineProperty(window, 'innerWidth', { configurable: true, writable: true, value: width });
}

beforeEach(() => {
  window.localStorage.clear();
  // Test files share a worker's modules (isolate: false): the session store forgets the last file's login.
  sessionStore.reload();
  // Nor its socket (the session's end closes it): a real one that failed to connect in jsdom would
  // read as 网络已断开 here. Not socket.ts itself: importing it here would load socket.io-client
  // before a test file's vi.mock of it.
  clearSessionStorage();
  setViewportWidth(1280);
  // The spec's language, whatever the last file chose (test files share a worker's modules).
  applyLanguage('zh-CN');
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  window.history.replaceState(null, '', '/');
  // Last: it throws to fail the test, and the clean-up above must still run.
  failOnReplyDrift();
});
