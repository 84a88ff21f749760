import {
  DEFAULT_TIME_WINDOW,
  HHMM_PATTERN,
  investmentLevel,
  type OptionConfig,
  type OptionConfigData,
  optionConfig,
  type TimeWindow,
} from '@platform/contracts';
import { i18n } from '../../../i18n/index.ts';

/**
 * The option config as the screen edits it: rows carry a key for React, numbers may be empty or not
 * whole while the operator types. Only `validateDraft` turns it into a config that may be sent.
 */

export interface WindowDraft {
  key: number;
  start: string;
  end: string;
  enabled: boolean;
}

export interface LevelDraft {
  key: number;
  level: number | null;
  percentage: number | null;
  windowPeriodEnabled: boolean;
  nonWindowPeriodEnabled: boolean;
  enabled: boolean;
}

export interface OptionDraft {
  globalSettings: { enabled: boolean; maintenanceMode: boolean };
  timeWindows: WindowDraft[];
  investmentLevels: LevelDraft[];
  minTradeRequirements: { windowTime: number | null; nonWindowTime: number | null };
}

/** The server's limits on list lengths (the contract refuses more). */
export const MAX_TIME_WINDOWS = 48;
export const MAX_INVESTMENT_LEVELS = 20;
/** Spec 001 §5: the minimum of valid orders per level falls back to 1 when left empty. */
export const MIN_ORDERS_FALLBACK = 1;

let nextKey = 1;
const newKey = () => nextKey++;

export function toDraft(config: OptionConfig | OptionConfigData): OptionDraft {
  return {
    globalSettings: {
      enabled: config.globalSettings.enabled,
      maintenanceMode: config.globalSettings.maintenanceMode,
    },
    timeWindows: config.timeWindows.map((w) => ({
      key: newKey(),
      start: w.start,
      end: w.end,
      enabled: w.enabled,
    })),
    investmentLevels: config.investmentLevels.map((l) => ({
      key: newKey(),
      level: l.level,
      percentage: l.percentage,
      windowPeriodEnabled: l.windowPeriodEnabled,
      nonWindowPeriodEnabled: l.nonWindowPeriodEnabled,
      enabled: l.enabled,
    })),
    minTradeRequirements: {
      windowTime: config.minTradeRequirements.windowTime,
      nonWindowTime: config.minTradeRequirements.nonWindowTime,
    },
  };
}

/** A new window: the spec's default 09:00-09:05, enabled. */
export const newWindow = (): WindowDraft => ({ key: newKey(), ...DEFAULT_TIME_WINDOW });

/** A new level one above the highest, paying what the highest pays, valid everywhere. */
export function newLevel(levels: readonly LevelDraft[]): LevelDraft {
  const numbered = levels.filter((l) => l.level !== null && Number.isInteger(l.level));
  const highest = numbered.reduce<LevelDraft | null>(
    (top, l) => (top === null || (l.level ?? 0) > (top.level ?? 0) ? l : top),
    null,
  );
  return {
    key: newKey(),
    level: highest ? (highest.level ?? 0) + 1 : 1,
    percentage: highest?.percentage ?? 80,
    windowPeriodEnabled: true,
    nonWindowPeriodEnabled: true,
    enabled: true,
  };
}

/** The windows as the shared rules read them (the live indicator uses the edited ones). */
export const draftWindows = (draft: OptionDraft): TimeWindow[] =>
  draft.timeWindows.map(({ start, end, enabled }) => ({ start, end, enabled }));

export const effectiveMinOrders = (value: number | null): number => value ?? MIN_ORDERS_FALLBACK;

/** Exactly the four sections the server takes; the contract is strict, so nothing else may ride along. */
export function candidateOf(draft: OptionDraft): Record<keyof OptionConfig, unknown> {
  return {
    globalSettings: { ...draft.globalSettings },
    timeWindows: draftWindows(draft),
    investmentLevels: draft.investmentLevels.map(
      ({ level, percentage, windowPeriodEnabled, nonWindowPeriodEnabled, enabled }) => ({
        level,
        percentage,
        windowPeriodEnabled,
        nonWindowPeriodEnabled,
        enabled,
      }),
    ),
    minTradeRequirements: {
      windowTime: effectiveMinOrders(draft.minTradeRequirements.windowTime),
      nonWindowTime: effectiveMinOrders(draft.minTradeRequirements.nonWindowTime),
    },
  };
}

export interface DraftIssue {
  /** Where in the config, e.g. `timeWindows.1.end` (fields are highlighted by it). */
  field: string;
  /** Which row or field, in the operator's words. */
  place: string;
  /** The contract's (and so the spec's) message. */
  message: string;
}

/** Which row or field an issue is about, in the language shown (at call time). */
function placeOf(path: readonly PropertyKey[]): string {
  const [section, index, field] = path;
  if (section === 'timeWindows') {
    return typeof index === 'number'
      ? i18n.t('admin:trading.options.place.windowN', { n: index + 1 })
      : i18n.t('admin:trading.options.section.timeWindows');
  }
  if (section === 'investmentLevels') {
    return typeof index === 'number'
      ? i18n.t('admin:trading.options.place.levelRow', { n: index + 1 })
      : i18n.t('admin:trading.options.section.investmentLevels');
  }
  if (section === 'minTradeRequirements') {
    if (index === 'windowTime') return i18n.t('admin:trading.options.opening.windowTime');
    if (index === 'nonWindowTime') return i18n.t('admin:trading.options.opening.nonWindowTime');
    return i18n.t('admin:trading.options.section.minTradeRequirements');
  }
  if (section === 'globalSettings') return i18n.t('admin:trading.options.section.globalSettings');
  return field === undefined ? i18n.t('admin:trading.options.place.config') : String(field);
}

export type DraftCheck = { ok: true; config: OptionConfig } | { ok: false; issues: DraftIssue[] };

/**
 * The candidate with every value the contract refuses on its own replaced by a valid stand-in. zod
 * runs the contract's cross-field checks (duplicate levels, a window that starts where it ends) only
 * on an otherwise valid object; checking this too reports everything at once.
 */
function withStandIns(candidate: ReturnType<typeof candidateOf>, draft: OptionDraft) {
  const validLevel = (value: number | null) => investmentLevel.shape.level.safeParse(value).success;
  const used = new Set(draft.investmentLevels.map((l) => l.level));
  const free = Array.from({ length: 100 }, (_, i) => i + 1).filter((n) => !used.has(n));
  return {
    ...candidate,
    timeWindows: draft.timeWindows.map((w, i) =>
      HHMM_PATTERN.test(w.start) && HHMM_PATTERN.test(w.end)
        ? { start: w.start, end: w.end, enabled: w.enabled }
        : // Distinct start and end, so a malformed window raises nothing more than its format.
          { start: '00:00', end: `00:${String((i % 59) + 1).padStart(2, '0')}`, enabled: w.enabled },
    ),
    investmentLevels: draft.investmentLevels.map((l) => ({
      level: validLevel(l.level) ? l.level : free.shift(),
      percentage: 100,
      windowPeriodEnabled: l.windowPeriodEnabled,
      nonWindowPeriodEnabled: l.nonWindowPeriodEnabled,
      enabled: l.enabled,
    })),
    minTradeRequirements: { windowTime: 1, nonWindowTime: 1 },
  };
}

const toIssue = (issue: { path: readonly PropertyKey[]; message: string }): DraftIssue => ({
  field: issue.path.map(String).join('.'),
  place: placeOf(issue.path),
  message: issue.message,
});

/** The save's gate: the contract the server validates with, so both sides refuse the same things. */
export function validateDraft(draft: OptionDraft): DraftCheck {
  const candidate = candidateOf(draft);
  const parsed = optionConfig.safeParse(candidate);
  if (parsed.success) return { ok: true, config: parsed.data };
  const issues = parsed.error.issues.map(toIssue);
  const crossField = optionConfig.safeParse(withStandIns(candidate, draft));
  for (const issue of crossField.error?.issues ?? []) {
    if (issue.code !== 'custom') continue;
    const extra = toIssue(issue);
    if (!issues.some((i) => i.field === extra.field && i.message === extra.message)) issues.push(extra);
  }
  return { ok: false, issues };
}

/** Whether the draft differs from the loaded config (keys aside). */
export function isDirty(draft: OptionDraft, loaded: OptionConfig | OptionConfigData): boolean {
  return JSON.stringify(candidateOf(draft)) !== JSON.stringify(candidateOf(toDraft(loaded)));
}
