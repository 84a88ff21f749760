import { DeleteOutlined, RiseOutlined } from '@ant-design/icons';
import { ordersToOpenLevel } from '@platform/domain';
import { Button, Checkbox, InputNumber, Switch, type TableColumnsType, Tooltip, Typography } from 'antd';
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
  if (level <= 1) return '始终开放';
  return `${ordersToOpenLevel(level, min)} 笔`;
}

export function InvestmentLevelsCard({
  levels,
  minOrders,
  invalid,
  onChange,
  onAdd,
}: InvestmentLevelsCardProps) {
  const update = (key: number, patch: Partial<LevelDraft>) =>
    onChange(levels.map((l) => (l.key === key ? { ...l, ...patch } : l)));
  const status = (index: number, field: string) =>
    invalid.has(`investmentLevels.${index}.${field}`) ? 'error' : undefined;
  const last = levels.length <= 1;

  const columns: TableColumnsType<LevelDraft> = [
    {
      title: '等级',
      key: 'level',
      render: (_, l, index) => (
        <InputNumber<number>
          value={l.level}
          onChange={(level) => update(l.key, { level })}
          prefix="L"
          status={status(index, 'level')}
          style={{ width: 96 }}
          aria-label={`第 ${index + 1} 行等级`}
          data-testid={`level-${index}-level`}
        />
      ),
    },
    {
      title: '收益百分比',
      key: 'percentage',
      render: (_, l, index) => (
        <InputNumber<number>
          value={l.percentage}
          onChange={(percentage) => update(l.key, { percentage })}
          suffix="%"
          status={status(index, 'percentage')}
          style={{ width: 112 }}
          aria-label={`第 ${index + 1} 行收益百分比`}
          data-testid={`level-${index}-percentage`}
        />
      ),
    },
    {
      title: '窗口期有效',
      key: 'windowPeriodEnabled',
      align: 'center',
      render: (_, l, index) => (
        <Checkbox
          checked={l.windowPeriodEnabled}
          onChange={(event) => update(l.key, { windowPeriodEnabled: event.target.checked })}
          aria-label={`第 ${index + 1} 行窗口期有效`}
          data-testid={`level-${index}-window`}
        />
      ),
    },
    {
      title: '非窗口期有效',
      key: 'nonWindowPeriodEnabled',
      align: 'center',
      render: (_, l, index) => (
        <Checkbox
          checked={l.nonWindowPeriodEnabled}
          onChange={(event) => update(l.key, { nonWindowPeriodEnabled: event.target.checked })}
          aria-label={`第 ${index + 1} 行非窗口期有效`}
          data-testid={`level-${index}-non-window`}
        />
      ),
    },
    {
      title: '启用',
      key: 'enabled',
      align: 'center',
      render: (_, l, index) => (
        <Switch
          checked={l.enabled}
          onChange={(enabled) => update(l.key, { enabled })}
          aria-label={`启用第 ${index + 1} 行等级`}
          data-testid={`level-${index}-enabled`}
        />
      ),
    },
    {
      title: (
        <Tooltip title="累计有效订单数达到后开放该等级">
          <span>开放条件（窗口期 / 非窗口期）</span>
        </Tooltip>
      ),
      key: 'opening',
      render: (_, l, index) => (
        <Typography.Text type="secondary" data-testid={`level-${index}-opening`}>
          {l.windowPeriodEnabled ? openingText(l.level, minOrders.windowTime) : '不可用'}
          {' / '}
          {l.nonWindowPeriodEnabled ? openingText(l.level, minOrders.nonWindowTime) : '不可用'}
        </Typography.Text>
      ),
    },
    {
      title: '操作',
      key: 'actions',
      width: 80,
      fixed: 'right',
      render: (_, l, index) => (
        <Tooltip title={last ? '至少需要一个投资等级' : undefined}>
          <Button
            type="text"
            danger
            icon={<DeleteOutlined />}
            disabled={last}
            onClick={() => onChange(levels.filter((other) => other.key !== l.key))}
            aria-label={`删除第 ${index + 1} 行等级`}
            data-testid={`level-${index}-delete`}
          >
            删除
          </Button>
        </Tooltip>
      ),
    },
  ];

  return (
    <EditableListCard<LevelDraft>
      icon={<RiseOutlined />}
      title="投资等级"
      rows={levels}
      columns={columns}
      max={MAX_INVESTMENT_LEVELS}
      addLabel="添加等级"
      onAdd={onAdd}
      hint={
        <>
          收益百分比为用户获胜时在本金之外获得的比例（80 表示获胜返还本金并另得
          80%）。等级与百分比均为整数，至少需要一个等级。
        </>
      }
      emptyText="暂无投资等级，保存前至少需要添加一个"
      testId="level"
    />
  );
}
