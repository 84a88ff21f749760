import { SearchOutlined } from '@ant-design/icons';
import { Button, DatePicker, Input, Select, Space } from 'antd';
import dayjs from 'dayjs';
import { useEffect, useState } from 'react';
import { kindLabel } from './journalFormat.ts';

export interface JournalFilterValues {
  user?: string;
  currency?: string;
  kind?: string;
  dateFrom?: string;
  dateTo?: string;
}

export interface JournalFiltersProps {
  value: JournalFilterValues;
  kinds: readonly string[];
  /** Called with the whole new filter set (text fields on 查询 or Enter; selects at once). */
  onChange: (next: JournalFilterValues) => void;
}

const DAY = 'YYYY-MM-DD';

/** User (e-mail or id), currency, kind and a Beijing-day range. */
export function JournalFilters({ value, kinds, onChange }: JournalFiltersProps) {
  const [user, setUser] = useState(value.user ?? '');
  const [currency, setCurrency] = useState(value.currency ?? '');
  useEffect(() => setUser(value.user ?? ''), [value.user]);
  useEffect(() => setCurrency(value.currency ?? ''), [value.currency]);

  const applyText = () => onChange({ ...value, user: user.trim(), currency: currency.trim().toUpperCase() });

  return (
    <Space wrap size={[8, 8]}>
      <Input
        allowClear
        placeholder="用户邮箱或ID"
        value={user}
        onChange={(e) => setUser(e.target.value)}
        onPressEnter={applyText}
        style={{ width: 220 }}
        data-testid="journal-filter-user"
      />
      <Input
        allowClear
        placeholder="币种，如 USDT"
        value={currency}
        onChange={(e) => setCurrency(e.target.value)}
        onPressEnter={applyText}
        style={{ width: 140 }}
        data-testid="journal-filter-currency"
      />
      <Select
        allowClear
        placeholder="全部类型"
        value={value.kind || undefined}
        onChange={(kind?: string) => onChange({ ...value, kind: kind ?? '' })}
        options={kinds.map((kind) => ({
          value: kind,
          label: kindLabel(kind) === kind ? kind : `${kindLabel(kind)}（${kind}）`,
        }))}
        style={{ width: 220 }}
        data-testid="journal-filter-kind"
      />
      <DatePicker.RangePicker
        allowEmpty={[true, true]}
        value={[value.dateFrom ? dayjs(value.dateFrom) : null, value.dateTo ? dayjs(value.dateTo) : null]}
        onChange={(range) =>
          onChange({
            ...value,
            dateFrom: range?.[0]?.format(DAY) ?? '',
            dateTo: range?.[1]?.format(DAY) ?? '',
          })
        }
        data-testid="journal-filter-dates"
      />
      <Button type="primary" icon={<SearchOutlined />} onClick={applyText} data-testid="journal-search">
        查询
      </Button>
      <Button
        onClick={() => {
          setUser('');
          setCurrency('');
          onChange({});
        }}
        data-testid="journal-reset"
      >
        重置
      </Button>
    </Space>
  );
}
