import { afterEach, describe, expect, it, vi } from 'vitest';
import { copyText } from './copyText.ts';

const setSecure = (value: boolean) =>
  Object.defineProperty(window, 'isSecureContext', { configurable: true, value });

function stubClipboard(writeText: (text: string) => Promise<void>) {
  Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText } });
}

/** jsdom has no execCommand: the legacy copy is stubbed, recording what was selected. */
function stubExecCommand(result: boolean | Error) {
  const selected: string[] = [];
  const exec = vi.fn((command: string) => {
    const area = document.activeElement as HTMLTextAreaElement | null;
    selected.push(`${command}:${area?.value ?? ''}`);
    if (result instanceof Error) throw result;
    return result;
  });
  Object.defineProperty(document, 'execCommand', { configurable: true, value: exec });
  return { exec, selected };
}

/** The copy's own textarea, if it was left behind (other files' antd text areas may share the document). */
const leftOverCopyArea = () =>
  [...document.querySelectorAll('textarea')].find((a) => a.value === 'ABC123') ?? null;

afterEach(() => {
  Reflect.deleteProperty(navigator, 'clipboard');
  Reflect.deleteProperty(document, 'execCommand');
  Reflect.deleteProperty(window, 'isSecureContext');
});

describe('copyText', () => {
  it('uses the Clipboard API in a secure context', async () => {
    setSecure(true);
    const writeText = vi.fn(async () => {});
    stubClipboard(writeText);
    const { exec } = stubExecCommand(true);
    expect(await copyText('http://x/register?invite=ABC')).toBe(true);
    expect(writeText).toHaveBeenCalledWith('http://x/register?invite=ABC');
    expect(exec).not.toHaveBeenCalled();
  });

  it('falls back to the copy command when the Clipboard API refuses, and cleans up', async () => {
    setSecure(true);
    stubClipboard(async () => {
      throw new DOMException('denied', 'NotAllowedError');
    });
    const { selected } = stubExecCommand(true);
    const button = document.createElement('button');
    document.body.appendChild(button);
    button.focus();
    expect(await copyText('ABC123')).toBe(true);
    expect(selected).toEqual(['copy:ABC123']);
    expect(leftOverCopyArea()).toBeNull();
    // The focus goes back where it was (the copy button), not lost to the page.
    expect(document.activeElement).toBe(button);
    button.remove();
  });

  it('skips the Clipboard API outside a secure context (plain http on a LAN address)', async () => {
    setSecure(false);
    const writeText = vi.fn(async () => {});
    stubClipboard(writeText);
    const { selected } = stubExecCommand(true);
    expect(await copyText('ABC123')).toBe(true);
    expect(writeText).not.toHaveBeenCalled();
    expect(selected).toEqual(['copy:ABC123']);
  });

  it('reports failure when neither way works', async () => {
    setSecure(false);
    stubExecCommand(false);
    expect(await copyText('ABC123')).toBe(false);
    stubExecCommand(new Error('not supported'));
    expect(await copyText('ABC123')).toBe(false);
    expect(leftOverCopyArea()).toBeNull();
  });
});
