import { SearchOutlined } from '@ant-design/icons';
import { Button, DatePicker } from 'antd';
import dayjs from 'dayjs';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

const DAY = 'YYYY-MM-DD';

/** The text being typed into a filter field, reset whenever the applied value changes. */
export function useDraft(applied: string | undefined): [string, (text: string) => void] {
  const [draft, setDraft] = useState(applied ?? '');
  useEffect(() => setDraft(applied ?? ''), [applied]);
  return [draft, setDraft];
}

export interface DayRange {
  dateFrom?: string;
  dateTo?: string;
}

export interface DayRangeFilterProps {
  value: DayRange;
  /** Called with both ends as YYYY-MM-DD ('' for an open end). */
  onChange: (range: { dateFrom: string; dateTo: string }) => void;
  testId: string;
}

/** A range of (Beijing) days, either end may stay open. */
export function DayRangeFilter({ value, onChange, testId }: DayRangeFilterProps) {
  return (
    <DatePicker.RangePicker
      allowEmpty={[true, true]}
      value={[value.dateFrom ? dayjs(value.dateFrom) : null, value.dateTo ? dayjs(value.dateTo) : null]}
      onChange={(range) =>
        onChange({ dateFrom: range?.[0]?.format(DAY) ?? '', dateTo: range?.[1]?.format(DAY) ?? '' })
      }
      data-testid={testId}
    />
  );
}

export interface SearchResetButtonsProps {
  onSearch: () => void;
  onReset: () => void;
  /** The buttons get <prefix>-search and <prefix>-reset. */
  testIdPrefix: string;
}

/** 查询 (apply the typed text) and 重置 (clear every filter). */
export function SearchResetButtons({ onSearch, onReset, testIdPrefix }: SearchResetButtonsProps) {
  const { t } = useTranslation('common');
  return (
    <>
      <Button
        type="primary"
        icon={<SearchOutlined />}
        onClick={onSearch}
        data-testid={`${testIdPrefix}-search`}
      >
        {t('components.search')}
      </Button>
      <Button onClick={onReset} data-testid={`${testIdPrefix}-reset`}>
        {t('components.reset')}
      </Button>
    </>
  );
}
