import { ReloadOutlined, SaveOutlined } from '@ant-design/icons';
import type { OptionConfig, OptionConfigData } from '@platform/contracts';
import { activeWindow, formatDateTime } from '@platform/domain';
import { Alert, Button, Col, Flex, Row, Tag, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { i18n } from '../../../i18n/index.ts';
import { BeijingClockCard } from './BeijingClockCard.tsx';
import { useCurrentMinute } from './clock.ts';
import {
  type DraftIssue,
  draftWindows,
  effectiveMinOrders,
  isDirty,
  newLevel,
  newWindow,
  type OptionDraft,
  toDraft,
  validateDraft,
} from './draft.ts';
import { GlobalSettingsCard } from './GlobalSettingsCard.tsx';
import { InvestmentLevelsCard } from './InvestmentLevelsCard.tsx';
import { OpeningConditionsCard } from './OpeningConditionsCard.tsx';
import { TimeWindowsCard } from './TimeWindowsCard.tsx';

/** A minimum that can be shown in examples: empty counts as the fallback 1, anything else must be valid. */
function usableMinimum(value: number | null): number | null {
  const effective = effectiveMinOrders(value);
  return Number.isInteger(effective) && effective >= 1 ? effective : null;
}

function issueLines(issues: readonly DraftIssue[]): string[] {
  return [
    ...new Set(
      issues.map((issue) =>
        i18n.t('admin:trading.options.issue', { place: issue.place, message: issue.message }),
      ),
    ),
  ];
}

export interface OptionEditorProps {
  /** The config as the server last answered it; the editor is remounted when it changes. */
  loaded: OptionConfigData;
  saving: boolean;
  resetting: boolean;
  onSave: (config: OptionConfig) => void;
  onReset: () => void;
}

/** The option-control form: edits a draft of the loaded config and saves it whole once it validates. */
export function OptionEditor({ loaded, saving, resetting, onSave, onReset }: OptionEditorProps) {
  const { t } = useTranslation('admin');
  const [draft, setDraft] = useState<OptionDraft>(() => toDraft(loaded));
  // Messages appear after a refused save and then follow the edits, so fixing a field clears its line.
  const [showIssues, setShowIssues] = useState(false);
  const check = useMemo(() => validateDraft(draft), [draft]);
  const issues = showIssues && !check.ok ? check.issues : [];
  const invalid = useMemo(() => new Set(issues.map((issue) => issue.field)), [issues]);
  const dirty = useMemo(() => isDirty(draft, loaded), [draft, loaded]);

  const windows = useMemo(() => draftWindows(draft), [draft]);
  const minute = useCurrentMinute();
  const current = activeWindow(windows, minute);
  const activeKey = current ? (draft.timeWindows[windows.indexOf(current)]?.key ?? null) : null;
  const levelsFor = (inWindow: boolean) =>
    draft.investmentLevels
      .filter(
        (l) =>
          l.enabled &&
          l.level !== null &&
          Number.isInteger(l.level) &&
          (inWindow ? l.windowPeriodEnabled : l.nonWindowPeriodEnabled),
      )
      .map((l) => l.level as number)
      .sort((a, b) => a - b);
  const usable = {
    windowTime: usableMinimum(draft.minTradeRequirements.windowTime),
    nonWindowTime: usableMinimum(draft.minTradeRequirements.nonWindowTime),
  };

  const edit = (patch: Partial<OptionDraft>) => setDraft((current) => ({ ...current, ...patch }));

  const save = () => {
    setShowIssues(true);
    if (check.ok) onSave(check.config);
  };

  return (
    <Flex vertical gap={16} data-testid="option-page">
      <Flex justify="space-between" align="center" wrap gap={8}>
        <Flex align="baseline" gap={12} wrap>
          <Typography.Title level={4} style={{ margin: 0 }}>
            {t('menu.options')}
          </Typography.Title>
          <Typography.Text type="secondary" data-testid="option-updated">
            {loaded.updatedAt
              ? loaded.updatedBy !== null
                ? t('trading.options.lastSavedBy', {
                    time: formatDateTime(loaded.updatedAt),
                    id: loaded.updatedBy,
                  })
                : t('trading.options.lastSaved', { time: formatDateTime(loaded.updatedAt) })
              : t('trading.options.neverSaved')}
          </Typography.Text>
          {dirty && (
            <Tag color="orange" data-testid="option-dirty">
              {t('trading.options.dirty')}
            </Tag>
          )}
        </Flex>
        <Flex gap={8}>
          <Button
            icon={<ReloadOutlined />}
            onClick={onReset}
            loading={resetting}
            disabled={saving}
            data-testid="option-reset"
          >
            {t('trading.options.reset')}
          </Button>
          <Button
            type="primary"
            icon={<SaveOutlined />}
            onClick={save}
            loading={saving}
            disabled={resetting}
            data-testid="option-save"
          >
            {saving ? t('trading.options.saving') : t('trading.options.save')}
          </Button>
        </Flex>
      </Flex>

      {issues.length > 0 && (
        <Alert
          type="error"
          showIcon
          title={t('trading.options.invalidTitle')}
          description={
            <ul style={{ margin: 0, paddingInlineStart: 20 }}>
              {issueLines(issues).map((line) => (
                <li key={line}>{line}</li>
              ))}
            </ul>
          }
          data-testid="option-validation"
        />
      )}

      <Row gutter={[16, 16]}>
        <Col xs={24} lg={12}>
          <GlobalSettingsCard
            settings={draft.globalSettings}
            onChange={(globalSettings) => edit({ globalSettings })}
          />
        </Col>
        <Col xs={24} lg={12}>
          <BeijingClockCard windows={windows} levelsFor={levelsFor} />
        </Col>
      </Row>

      <TimeWindowsCard
        windows={draft.timeWindows}
        activeKey={activeKey}
        invalid={invalid}
        onChange={(timeWindows) => edit({ timeWindows })}
        onAdd={() =>
          setDraft((current) => ({ ...current, timeWindows: [...current.timeWindows, newWindow()] }))
        }
      />

      <InvestmentLevelsCard
        levels={draft.investmentLevels}
        minOrders={usable}
        invalid={invalid}
        onChange={(investmentLevels) => edit({ investmentLevels })}
        onAdd={() =>
          setDraft((current) => ({
            ...current,
            investmentLevels: [...current.investmentLevels, newLevel(current.investmentLevels)],
          }))
        }
      />

      <OpeningConditionsCard
        value={draft.minTradeRequirements}
        usable={usable}
        invalid={invalid}
        onChange={(minTradeRequirements) => edit({ minTradeRequirements })}
      />
    </Flex>
  );
}
