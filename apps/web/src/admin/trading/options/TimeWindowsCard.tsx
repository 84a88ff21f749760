import { DeleteOutlined, FieldTimeOutlined } from '@ant-design/icons';
import type { TimeWindow } from '@platform/contracts';
import { minutesOfHHmm } from '@platform/domain';
import { Button, Flex, Select, Switch, type TableColumnsType, Tag, Typography } from 'antd';
import { MAX_TIME_WINDOWS, type WindowDraft } from './draft.ts';
import { EditableListCard } from './EditableListCard.tsx';

const pad = (n: number) => String(n).padStart(2, '0');
const HOURS = Array.from({ length: 24 }, (_, h) => ({ value: pad(h), label: pad(h) }));
const MINUTES = Array.from({ length: 60 }, (_, m) => ({ value: pad(m), label: pad(m) }));

/** Length of a window in minutes, across midnight when it ends before it starts; null when unreadable. */
function windowLength(window: Pick<TimeWindow, 'start' | 'end'>): number | null {
  const start = minutesOfHHmm(window.start);
  const end = minutesOfHHmm(window.end);
  if (start === null || end === null) return null;
  return (end - start + 24 * 60) % (24 * 60);
}

function lengthText(window: WindowDraft): string {
  const length = windowLength(window);
  if (length === null) return '-';
  if (length === 0) return '无效（开始等于结束）';
  const hours = Math.floor(length / 60);
  const minutes = length % 60;
  const text = hours > 0 ? `${hours} 小时${minutes > 0 ? ` ${minutes} 分钟` : ''}` : `${minutes} 分钟`;
  const start = minutesOfHHmm(window.start) ?? 0;
  const end = minutesOfHHmm(window.end) ?? 0;
  return end < start ? `${text}（跨零点）` : text;
}

function TimeSelect(props: {
  value: string;
  onChange: (value: string) => void;
  label: string;
  testId: string;
  invalid: boolean;
}) {
  const [hour = '', minute = ''] = props.value.split(':');
  const status = props.invalid ? 'error' : undefined;
  return (
    <Flex align="center" gap={4} data-testid={props.testId}>
      <Select
        value={hour}
        options={HOURS}
        virtual={false}
        status={status}
        onChange={(h) => props.onChange(`${h}:${minute}`)}
        style={{ width: 72 }}
        aria-label={`${props.label}小时`}
        data-testid={`${props.testId}-hour`}
      />
      <span>:</span>
      <Select
        value={minute}
        options={MINUTES}
        virtual={false}
        status={status}
        onChange={(m) => props.onChange(`${hour}:${m}`)}
        style={{ width: 72 }}
        aria-label={`${props.label}分钟`}
        data-testid={`${props.testId}-minute`}
      />
    </Flex>
  );
}

export interface TimeWindowsCardProps {
  windows: WindowDraft[];
  /** The window holding the current Beijing time, if any (its row is marked). */
  activeKey: number | null;
  /** Fields with a validation issue, e.g. `timeWindows.0.end`. */
  invalid: ReadonlySet<string>;
  onChange: (windows: WindowDraft[]) => void;
  onAdd: () => void;
}

export function TimeWindowsCard({ windows, activeKey, invalid, onChange, onAdd }: TimeWindowsCardProps) {
  const update = (key: number, patch: Partial<WindowDraft>) =>
    onChange(windows.map((w) => (w.key === key ? { ...w, ...patch } : w)));
  const rowInvalid = (index: number, field: 'start' | 'end') =>
    invalid.has(`timeWindows.${index}.${field}`) || invalid.has(`timeWindows.${index}`);

  const columns: TableColumnsType<WindowDraft> = [
    {
      title: '序号',
      key: 'index',
      width: 64,
      render: (_, __, index) => index + 1,
    },
    {
      title: '开始时间',
      key: 'start',
      render: (_, w, index) => (
        <TimeSelect
          value={w.start}
          onChange={(start) => update(w.key, { start })}
          label={`时间窗口 ${index + 1} 开始`}
          testId={`window-${index}-start`}
          invalid={rowInvalid(index, 'start')}
        />
      ),
    },
    {
      title: '结束时间',
      key: 'end',
      render: (_, w, index) => (
        <TimeSelect
          value={w.end}
          onChange={(end) => update(w.key, { end })}
          label={`时间窗口 ${index + 1} 结束`}
          testId={`window-${index}-end`}
          invalid={rowInvalid(index, 'end')}
        />
      ),
    },
    {
      title: '时长',
      key: 'length',
      render: (_, w) => <Typography.Text type="secondary">{lengthText(w)}</Typography.Text>,
    },
    {
      title: '启用',
      key: 'enabled',
      width: 80,
      render: (_, w, index) => (
        <Switch
          checked={w.enabled}
          onChange={(enabled) => update(w.key, { enabled })}
          aria-label={`启用时间窗口 ${index + 1}`}
          data-testid={`window-${index}-enabled`}
        />
      ),
    },
    {
      title: '当前',
      key: 'state',
      width: 80,
      render: (_, w, index) =>
        w.key === activeKey ? (
          <Tag color="success" data-testid={`window-${index}-active`}>
            进行中
          </Tag>
        ) : (
          <Typography.Text type="secondary">-</Typography.Text>
        ),
    },
    {
      title: '操作',
      key: 'actions',
      width: 80,
      fixed: 'right',
      render: (_, w, index) => (
        <Button
          type="text"
          danger
          icon={<DeleteOutlined />}
          onClick={() => onChange(windows.filter((other) => other.key !== w.key))}
          aria-label={`删除时间窗口 ${index + 1}`}
          data-testid={`window-${index}-delete`}
        >
          删除
        </Button>
      ),
    },
  ];

  return (
    <EditableListCard<WindowDraft>
      icon={<FieldTimeOutlined />}
      title="时间窗口（北京时间）"
      rows={windows}
      columns={columns}
      max={MAX_TIME_WINDOWS}
      addLabel="添加时间窗口"
      onAdd={onAdd}
      hint={
        <>
          窗口从开始时间起（含）到结束时间止（不含）；结束早于开始的窗口跨越零点。只有启用的窗口计入窗口期。
        </>
      }
      emptyText="暂无时间窗口，全天均为非窗口期"
      testId="window"
    />
  );
}
