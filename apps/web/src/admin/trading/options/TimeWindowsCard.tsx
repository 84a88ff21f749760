import { DeleteOutlined, FieldTimeOutlined } from '@ant-design/icons';
import type { TimeWindow } from '@platform/contracts';
import { minutesOfHHmm } from '@platform/domain';
import { Button, Flex, Select, Switch, type TableColumnsType, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { i18n } from '../../../i18n/index.ts';
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
  if (length === 0) return i18n.t('admin:trading.options.windows.sameStartEnd');
  const h = Math.floor(length / 60);
  const m = length % 60;
  const text =
    h === 0
      ? i18n.t('admin:trading.options.windows.minutes', { m })
      : m === 0
        ? i18n.t('admin:trading.options.windows.hours', { h })
        : i18n.t('admin:trading.options.windows.hoursMinutes', { h, m });
  const start = minutesOfHHmm(window.start) ?? 0;
  const end = minutesOfHHmm(window.end) ?? 0;
  return end < start ? i18n.t('admin:trading.options.windows.overnight', { length: text }) : text;
}

function TimeSelect(props: {
  value: string;
  onChange: (value: string) => void;
  label: string;
  testId: string;
  invalid: boolean;
}) {
  const { t } = useTranslation('admin');
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
        aria-label={t('trading.options.windows.hourOf', { label: props.label })}
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
        aria-label={t('trading.options.windows.minuteOf', { label: props.label })}
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
  const { t } = useTranslation('admin');
  const update = (key: number, patch: Partial<WindowDraft>) =>
    onChange(windows.map((w) => (w.key === key ? { ...w, ...patch } : w)));
  const rowInvalid = (index: number, field: 'start' | 'end') =>
    invalid.has(`timeWindows.${index}.${field}`) || invalid.has(`timeWindows.${index}`);

  const columns: TableColumnsType<WindowDraft> = [
    {
      title: t('trading.options.windows.index'),
      key: 'index',
      width: 64,
      render: (_, __, index) => index + 1,
    },
    {
      title: t('trading.options.windows.start'),
      key: 'start',
      render: (_, w, index) => (
        <TimeSelect
          value={w.start}
          onChange={(start) => update(w.key, { start })}
          label={t('trading.options.windows.startOf', { n: index + 1 })}
          testId={`window-${index}-start`}
          invalid={rowInvalid(index, 'start')}
        />
      ),
    },
    {
      title: t('trading.options.windows.end'),
      key: 'end',
      render: (_, w, index) => (
        <TimeSelect
          value={w.end}
          onChange={(end) => update(w.key, { end })}
          label={t('trading.options.windows.endOf', { n: index + 1 })}
          testId={`window-${index}-end`}
          invalid={rowInvalid(index, 'end')}
        />
      ),
    },
    {
      title: t('trading.options.windows.length'),
      key: 'length',
      render: (_, w) => <Typography.Text type="secondary">{lengthText(w)}</Typography.Text>,
    },
    {
      title: t('trading.options.enable'),
      key: 'enabled',
      width: 80,
      render: (_, w, index) => (
        <Switch
          checked={w.enabled}
          onChange={(enabled) => update(w.key, { enabled })}
          aria-label={t('trading.options.windows.enableN', { n: index + 1 })}
          data-testid={`window-${index}-enabled`}
        />
      ),
    },
    {
      title: t('trading.options.windows.state'),
      key: 'state',
      width: 80,
      render: (_, w, index) =>
        w.key === activeKey ? (
          <Tag color="success" data-testid={`window-${index}-active`}>
            {t('trading.options.windows.active')}
          </Tag>
        ) : (
          <Typography.Text type="secondary">-</Typography.Text>
        ),
    },
    {
      title: t('trading.options.actions'),
      key: 'actions',
      width: 80,
      fixed: 'right',
      render: (_, w, index) => (
        <Button
          type="text"
          danger
          icon={<DeleteOutlined />}
          onClick={() => onChange(windows.filter((other) => other.key !== w.key))}
          aria-label={t('trading.options.windows.deleteN', { n: index + 1 })}
          data-testid={`window-${index}-delete`}
        >
          {t('trading.options.delete')}
        </Button>
      ),
    },
  ];

  return (
    <EditableListCard<WindowDraft>
      icon={<FieldTimeOutlined />}
      title={t('trading.options.windows.title')}
      rows={windows}
      columns={columns}
      max={MAX_TIME_WINDOWS}
      addLabel={t('trading.options.windows.add')}
      onAdd={onAdd}
      hint={t('trading.options.windows.hint')}
      emptyText={t('trading.options.windows.empty')}
      testId="window"
    />
  );
}
