/** The ID number as the screens show it: first 6, ********, last 4 (short values are masked whole). */
export function maskIdNumber(value: string): string {
  if (value.length <= 10) return '*'.repeat(value.length);
  return `${value.slice(0, 6)}********${value.slice(-4)}`;
}
