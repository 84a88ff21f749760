/**
 * Puts `text` on the clipboard; resolves to whether it worked. The Clipboard API needs a secure
 * context and may be refused (older in-app browsers, denied permission), so a hidden textarea and
 * the legacy copy command are tried next: most phone browsers still honour it inside a tap.
 */
export async function copyText(text: string): Promise<boolean> {
  if (window.isSecureContext && navigator.clipboard?.writeText) {
    try {
      await navigator.clipboard.writeText(text);
      return true;
    } catch {
      // fall through to the legacy way
    }
  }
  return legacyCopy(text);
}

function legacyCopy(text: string): boolean {
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  // Off screen but not display:none (a hidden element cannot be selected); 16 px stops iOS zooming in.
  Object.assign(area.style, { position: 'fixed', top: '0', left: '-9999px', fontSize: '16px' });
  document.body.appendChild(area);
  const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  try {
    area.focus({ preventScroll: true });
    area.select();
    area.setSelectionRange(0, text.length);
    return typeof document.execCommand === 'function' && document.execCommand('copy');
  } catch {
    return false;
  } finally {
    area.remove();
    previous?.focus();
  }
}
