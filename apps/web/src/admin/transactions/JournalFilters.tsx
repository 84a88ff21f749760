import { Input, Select, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { DayRangeFilter, SearchResetButtons, useDraft } from '../../components/FilterBar.tsx';
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

/** User (e-mail or id), currency, kind and a Beijing-day range. */
export function JournalFilters({ value, kinds, onChange }: JournalFiltersProps) {
  const { t } = useTranslation('admin');
  const [user, setUser] = useDraft(value.user);
  const [currency, setCurrency] = useDraft(value.currency);

  const applyText = () => onChange({ ...value, user: user.trim(), currency: currency.trim().toUpperCase() });

  return (
    <Space wrap size={[8, 8]}>
      <Input
        allowClear
        placeholder={t('journal.userFilter')}
        value={user}
        onChange={(e) => setUser(e.target.value)}
        onPressEnter={applyText}
        style={{ width: 220 }}
        data-testid="journal-filter-user"
      />
      <Input
        allowClear
        placeholder={t('journal.currencyFilter')}
        value={currency}
        onChange={(e) => setCurrency(e.target.value)}
        onPressEnter={applyText}
        style={{ width: 140 }}
        data-testid="journal-filter-currency"
      />
      <Select
        allowClear
        placeholder={t('journal.allKinds')}
        value={value.kind || undefined}
        onChange={(kind?: string) => onChange({ ...value, kind: kind ?? '' })}
        options={kinds.map((kind) => ({
          value: kind,
          label:
            kindLabel(kind) === kind ? kind : t('journal.kindWithCode', { label: kindLabel(kind), kind }),
        }))}
        style={{ width: 220 }}
        data-testid="journal-filter-kind"
      />
      <DayRangeFilter
        value={value}
        onChange={(range) => onChange({ ...value, ...range })}
        testId="journal-filter-dates"
      />
      <SearchResetButtons
        onSearch={applyText}
        onReset={() => {
          setUser('');
          setCurrency('');
          onChange({});
        }}
        testIdPrefix="journal"
      />
    </Space>
  );
}
