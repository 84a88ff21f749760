/**
 * The runs of Chinese characters in an element's text (or a string): what a screen in English must
 * not show. `except` leaves out the user's own data (a Chinese name is theirs, not ours to translate).
 * The tests expect `[]`, so a failure names the words that were left.
 */
export function chineseIn(
  from: Element | string | null | undefined,
  { except = [] }: { except?: readonly string[] } = {},
): string[] {
  let text = typeof from === 'string' ? from : (from?.textContent ?? '');
  for (const data of except) text = text.replaceAll(data, '');
  return text.match(/[\u4e00-\u9fff]+/g) ?? [];
}
