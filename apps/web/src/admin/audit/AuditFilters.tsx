import { Input, Select, Space } from 'antd';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { DayRangeFilter, SearchResetButtons, useDraft } from '../../components/FilterBar.tsx';
import { auditActionLabelIn } from './AuditActionTag.tsx';

export interface AuditFilterValues {
  /** Part of the admin's e-mail. */
  search?: string;
  /** An action, or a prefix ending in '.'. */
  action?: string;
  targetType?: string;
  targetId?: string;
  dateFrom?: string;
  dateTo?: string;
}

export interface AuditFiltersProps {
  value: AuditFilterValues;
  actions: readonly string[];
  onChange: (next: AuditFilterValues) => void;
}

/** `deposit.` for every action of a module, then the actions themselves by their labels. */
export function actionOptions(actions: readonly string[], t: TFunction<'admin'>, language: string) {
  const prefixes = [
    ...new Set(actions.filter((a) => a.includes('.')).map((a) => a.slice(0, a.indexOf('.') + 1))),
  ].sort();
  return [
    ...(prefixes.length > 0
      ? [
          {
            label: t('audit.byModule'),
            options: prefixes.map((p) => ({ value: p, label: t('audit.allOfModule', { prefix: p }) })),
          },
        ]
      : []),
    {
      label: t('audit.action'),
      options: actions.map((a) => ({ value: a, label: auditActionLabelIn(language, a) })),
    },
  ];
}

/** Typed text finds an action by its label (充值) or its code (deposit). */
function matchesAction(input: string, option?: { label?: unknown; value?: unknown }): boolean {
  return `${option?.label ?? ''} ${option?.value ?? ''}`.toLowerCase().includes(input.trim().toLowerCase());
}

/** Admin e-mail, action (select), target type and id, Beijing-day range. */
export function AuditFilters({ value, actions, onChange }: AuditFiltersProps) {
  const { t, i18n } = useTranslation('admin');
  const [search, setSearch] = useDraft(value.search);
  const [targetType, setTargetType] = useDraft(value.targetType);
  const [targetId, setTargetId] = useDraft(value.targetId);

  const applyText = () =>
    onChange({ ...value, search: search.trim(), targetType: targetType.trim(), targetId: targetId.trim() });

  return (
    <Space wrap size={[8, 8]}>
      <Input
        allowClear
        placeholder={t('audit.adminEmail')}
        value={search}
        onChange={(e) => setSearch(e.target.value)}
        onPressEnter={applyText}
        style={{ width: 200 }}
        data-testid="audit-filter-admin"
      />
      <Select
        allowClear
        showSearch
        placeholder={t('audit.allActions')}
        value={value.action || undefined}
        onChange={(action?: string) => onChange({ ...value, action: action ?? '' })}
        options={actionOptions(actions, t, i18n.language)}
        filterOption={matchesAction}
        style={{ width: 240 }}
        data-testid="audit-filter-action"
      />
      <Space.Compact>
        <Input
          allowClear
          placeholder={t('audit.targetType')}
          value={targetType}
          onChange={(e) => setTargetType(e.target.value)}
          onPressEnter={applyText}
          style={{ width: 150 }}
          data-testid="audit-filter-target-type"
        />
        <Input
          allowClear
          placeholder={t('audit.targetId')}
          value={targetId}
          onChange={(e) => setTargetId(e.target.value)}
          onPressEnter={applyText}
          style={{ width: 110 }}
          data-testid="audit-filter-target-id"
        />
      </Space.Compact>
      <DayRangeFilter
        value={value}
        onChange={(range) => onChange({ ...value, ...range })}
        testId="audit-filter-dates"
      />
      <SearchResetButtons
        onSearch={applyText}
        onReset={() => {
          setSearch('');
          setTargetType('');
          setTargetId('');
          onChange({});
        }}
        testIdPrefix="audit"
      />
    </Space>
  );
}
