import { DeleteOutlined, RiseOutlined } from '@ant-design/icons';
import { ordersToOpenLevel } from '@platform/domain';
import { Button, Checkbox, InputNumber, Switch, type TableColumnsType, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { i18n } from '../../../i18n/index.ts';
import { type LevelDraft, MAX_INVESTMENT_LEVELS } from './draft.ts';
import { EditableListCard } from './EditableListCard.tsx';

export interface InvestmentLevelsCardProps {
  levels: LevelDraft[];
  /** Valid-order minimums per level for window and non-window time, when they are usable numbers. */
  minOrders: { windowTime: number | null; nonWindowTime: number | null };
  invalid: ReadonlySet<string>;
  onChange: (levels: LevelDraft[]) => void;
  onAdd: () => void;
}

/** What opening `level` takes in one period: "始终开放" for level 1, else (L - 1) × the minimum. */
function openingText(level: number | null, min: number | null): string {
  if (level === null || !Number.isInteger(level) || min === null) return '-';
  if (level <= 1) return i18n.t('admin:trading.options.levels.alwaysOpen');
  return i18n.t('admin:trading.options.levels.orders', {
    count: ordersToOpenLevel(level, min),
    n: ordersToOpenLevel(level, min),
  });
}

export function InvestmentLevelsCard({
  levels,
  minOrders,
  invalid,
  onChange,
  onAdd,
}: InvestmentLevelsCardProps) {
  const { t } = useTranslation('admin');
  const update = (key: number, patch: Partial<LevelDraft>) =>
    onChange(levels.map((l) => (l.key === key ? { ...l, ...patch } : l)));
  const status = (index: number, field: string) =>
    invalid.has(`investmentLevels.${index}.${field}`) ? 'error' : undefined;
  const last = levels.length <= 1;

  const columns: TableColumnsType<LevelDraft> = [
    {
      title: t('trading.options.levels.level'),
      key: 'level',
      render: (_, l, index) => (
        <InputNumber<number>
          value={l.level}
          onChange={(level) => update(l.key, { level })}
          prefix="L"
          status={status(index, 'level')}
          style={{ width: 96 }}
          aria-label={t('trading.options.levels.levelN', { n: index + 1 })}
          data-testid={`level-${index}-level`}
        />
      ),
    },
    {
      title: t('trading.options.levels.percentage'),
      key: 'percentage',
      render: (_, l, index) => (
        <InputNumber<number>
          value={l.percentage}
          onChange={(percentage) => update(l.key, { percentage })}
          suffix="%"
          status={status(index, 'percentage')}
          style={{ width: 112 }}
          aria-label={t('trading.options.levels.percentageN', { n: index + 1 })}
          data-testid={`level-${index}-percentage`}
        />
      ),
    },
    {
      title: t('trading.options.levels.window'),
      key: 'windowPeriodEnabled',
      align: 'center',
      render: (_, l, index) => (
        <Checkbox
          checked={l.windowPeriodEnabled}
          onChange={(event) => update(l.key, { windowPeriodEnabled: event.target.checked })}
          aria-label={t('trading.options.levels.windowN', { n: index + 1 })}
          data-testid={`level-${index}-window`}
        />
      ),
    },
    {
      title: t('trading.options.levels.nonWindow'),
      key: 'nonWindowPeriodEnabled',
      align: 'center',
      render: (_, l, index) => (
        <Checkbox
          checked={l.nonWindowPeriodEnabled}
          onChange={(event) => update(l.key, { nonWindowPeriodEnabled: event.target.checked })}
          aria-label={t('trading.options.levels.nonWindowN', { n: index + 1 })}
          data-testid={`level-${index}-non-window`}
        />
      ),
    },
    {
      title: t('trading.options.enable'),
      key: 'enabled',
      align: 'center',
      render: (_, l, index) => (
        <Switch
          checked={l.enabled}
          onChange={(enabled) => update(l.key, { enabled })}
          aria-label={t('trading.options.levels.enableN', { n: index + 1 })}
          data-testid={`level-${index}-enabled`}
        />
      ),
    },
    {
      title: (
        <Tooltip title={t('trading.options.levels.openingTip')}>
          <span>{t('trading.options.levels.opening')}</span>
        </Tooltip>
      ),
      key: 'opening',
      render: (_, l, index) => (
        <Typography.Text type="secondary" data-testid={`level-${index}-opening`}>
          {l.windowPeriodEnabled
            ? openingText(l.level, minOrders.windowTime)
            : t('trading.options.levels.unavailable')}
          {' / '}
          {l.nonWindowPeriodEnabled
            ? openingText(l.level, minOrders.nonWindowTime)
            : t('trading.options.levels.unavailable')}
        </Typography.Text>
      ),
    },
    {
      title: t('trading.options.actions'),
      key: 'actions',
      width: 80,
      fixed: 'right',
      render: (_, l, index) => (
        <Tooltip title={last ? t('trading.options.levels.lastOne') : undefined}>
          <Button
            type="text"
            danger
            icon={<DeleteOutlined />}
            disabled={last}
            onClick={() => onChange(levels.filter((other) => other.key !== l.key))}
            aria-label={t('trading.options.levels.deleteN', { n: index + 1 })}
            data-testid={`level-${index}-delete`}
          >
            {t('trading.options.delete')}
          </Button>
        </Tooltip>
      ),
    },
  ];

  return (
    <EditableListCard<LevelDraft>
      icon={<RiseOutlined />}
      title={t('trading.options.section.investmentLevels')}
      rows={levels}
      columns={columns}
      max={MAX_INVESTMENT_LEVELS}
      addLabel={t('trading.options.levels.add')}
      onAdd={onAdd}
      hint={t('trading.options.levels.hint')}
      emptyText={t('trading.options.levels.empty')}
      testId="level"
    />
  );
}
