import { PROFILE_REFRESH_MS } from '@platform/contracts';

/**
 * The stored profile is re-fetched on load when more than PROFILE_REFRESH_MS (5 min) passed since
 * the last check, or when there was never a check (or the stored time is unreadable or in the future).
 */
export function isProfileStale(
  lastCheckMs: number | null | undefined,
  nowMs: number,
  maxAgeMs = PROFILE_REFRESH_MS,
) {
  if (lastCheckMs === null || lastCheckMs === undefined || !Number.isFinite(lastCheckMs)) return true;
  if (lastCheckMs > nowMs) return true;
  return nowMs - lastCheckMs > maxAgeMs;
}
