import { auditActionLabel } from '@platform/contracts';
import { Input, Select, Space } from 'antd';
import { DayRangeFilter, SearchResetButtons, useDraft } from '../../components/FilterBar.tsx';

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
export function actionOptions(actions: readonly string[]) {
  const prefixes = [
    ...new Set(actions.filter((a) => a.includes('.')).map((a) => a.slice(0, a.indexOf('.') + 1))),
  ].sort();
  return [
    ...(prefixes.length > 0
      ? [{ label: '按模块', options: prefixes.map((p) => ({ value: p, label: `${p}*（全部）` })) }]
      : []),
    { label: '操作', options: actions.map((a) => ({ value: a, label: auditActionLabel(a) })) },
  ];
}

/** Typed text finds an action by its label (充值) or its code (deposit). */
function matchesAction(input: string, option?: { label?: unknown; value?: unknown }): boolean {
  return `${option?.label ?? ''} ${option?.value ?? ''}`.toLowerCase().includes(input.trim().toLowerCase());
}

/** Admin e-mail, action (select), target type and id, Beijing-day range. */
export function AuditFilters({ value, actions, onChange }: AuditFiltersProps) {
  const [search, setSearch] = useDraft(value.search);
  const [targetType, setTargetType] = useDraft(value.targetType);
  const [targetId, setTargetId] = useDraft(value.targetId);

  const applyText = () =>
    onChange({ ...value, search: search.trim(), targetType: targetType.trim(), targetId: targetId.trim() });

  return (
    <Space wrap size={[8, 8]}>
      <Input
        allowClear
        placeholder="管理员邮箱"
        value={search}
        onChange={(e) => setSearch(e.target.value)}
        onPressEnter={applyText}
        style={{ width: 200 }}
        data-testid="audit-filter-admin"
      />
      <Select
        allowClear
        showSearch
        placeholder="全部操作"
        value={value.action || undefined}
        onChange={(action?: string) => onChange({ ...value, action: action ?? '' })}
        options={actionOptions(actions)}
        filterOption={matchesAction}
        style={{ width: 240 }}
        data-testid="audit-filter-action"
      />
      <Space.Compact>
        <Input
          allowClear
          placeholder="目标类型"
          value={targetType}
          onChange={(e) => setTargetType(e.target.value)}
          onPressEnter={applyText}
          style={{ width: 150 }}
          data-testid="audit-filter-target-type"
        />
        <Input
          allowClear
          placeholder="目标ID"
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
