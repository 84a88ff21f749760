import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { changeProposedMessage, SALARY_CURRENCY, SALARY_PAYOUT_DAYS } from '@platform/contracts';
import { formatCount, formatDateTime, formatNumber, salaryLevelsProblem } from '@platform/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  App,
  Button,
  type ButtonProps,
  Card,
  Flex,
  Input,
  InputNumber,
  Modal,
  Table,
  type TableColumnsType,
  Tag,
  Typography,
} from 'antd';
import type { TFunction } from 'i18next';
import { type HTMLAttributes, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadErrorView } from '../../../components/LoadErrorView.tsx';
import { i18n } from '../../../i18n/index.ts';
import { errorMessage } from '../../../lib/request.ts';
import { CHANGES_QUERY_ROOT } from '../../changes/changesApi.ts';
import {
  fetchSalaryLevels,
  SALARY_LEVELS_KEY,
  type SalaryLevel,
  type SalaryLevelsData,
  saveSalaryLevels,
} from './salaryApi.ts';

/** antd's ButtonProps have no index signature for data-* keys. */
const testId = (id: string): ButtonProps => ({ 'data-testid': id }) as ButtonProps;
const numeric = { whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' } as const;
export const MAX_SALARY_LEVELS = 20;

const columnsIn = (t: TFunction<'admin'>): TableColumnsType<SalaryLevel> => [
  {
    title: t('team.salary.levels.level'),
    key: 'level',
    render: (_, level) => (
      <Tag color="blue" style={{ marginInlineEnd: 0 }}>
        L{level.level}
      </Tag>
    ),
  },
  {
    title: t('team.salary.levels.direct'),
    key: 'direct',
    align: 'right',
    render: (_, level) => <span style={numeric}>≥ {formatCount(level.direct)}</span>,
  },
  {
    title: t('team.salary.levels.team'),
    key: 'team',
    align: 'right',
    render: (_, level) => <span style={numeric}>≥ {formatCount(level.team)}</span>,
  },
  {
    title: t('team.salary.levels.amount', { currency: SALARY_CURRENCY }),
    key: 'amount',
    align: 'right',
    render: (_, level) => (
      <Typography.Text strong style={numeric}>
        {formatNumber(level.amount, 2)}
      </Typography.Text>
    ),
  },
];

/**
 * 工资等级: the salary table the payouts follow (GET .../levels) and its editor (PUT .../levels,
 * audited by the server). Counts are charged members; each payout day pays the highest level reached.
 */
export function SalaryLevelsCard() {
  const { t } = useTranslation('admin');
  const LOAD_FAILED = t('team.salary.levels.loadFailed');
  const [editing, setEditing] = useState(false);
  const query = useQuery({ queryKey: SALARY_LEVELS_KEY, queryFn: ({ signal }) => fetchSalaryLevels(signal) });
  const data = query.data;

  if (query.isError && !data) {
    return (
      <LoadErrorView
        title={LOAD_FAILED}
        reason={errorMessage(query.error, LOAD_FAILED)}
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
      />
    );
  }

  return (
    <Card
      size="small"
      title={t('team.salary.levels.title')}
      data-testid="salary-levels"
      extra={
        <Button
          size="small"
          icon={<EditOutlined />}
          disabled={!data}
          onClick={() => setEditing(true)}
          data-testid="salary-levels-edit"
        >
          {t('team.salary.levels.edit')}
        </Button>
      }
    >
      <Typography.Paragraph type="secondary" style={{ fontSize: 12, marginBottom: 8 }}>
        {t('team.salary.levels.note', {
          days: SALARY_PAYOUT_DAYS.join(t('team.salary.levels.daySeparator')),
        })}
      </Typography.Paragraph>
      <Table<SalaryLevel>
        rowKey="level"
        size="small"
        columns={columnsIn(t)}
        dataSource={data?.levels ?? []}
        loading={query.isPending}
        pagination={false}
        scroll={{ x: 'max-content' }}
        onRow={(level) => ({ 'data-testid': `salary-level-${level.level}` }) as HTMLAttributes<HTMLElement>}
      />
      <Typography.Text
        type="secondary"
        style={{ display: 'block', marginTop: 8, fontSize: 12 }}
        data-testid="salary-levels-updated"
      >
        {data
          ? data.updated_at
            ? t('team.salary.levels.updated', {
                who: data.updated_by ?? '-',
                time: formatDateTime(data.updated_at),
              })
            : t('team.salary.levels.defaults')
          : ''}
      </Typography.Text>
      {editing && data && <SalaryLevelsModal current={data} onClose={() => setEditing(false)} />}
    </Card>
  );
}

/** A row being edited: the level number is its position; blanks are allowed while typing. */
interface DraftRow {
  key: number;
  direct: number | null;
  team: number | null;
  amount: string;
}

/** The rows as a salary table, or the first blank field's complaint. */
export function levelsFromDraft(rows: readonly DraftRow[]): SalaryLevel[] | string {
  const levels: SalaryLevel[] = [];
  for (const [i, row] of rows.entries()) {
    const level = i + 1;
    if (row.direct === null) return i18n.t('admin:team.salary.levels.missingDirect', { level });
    if (row.team === null) return i18n.t('admin:team.salary.levels.missingTeam', { level });
    if (row.amount.trim() === '') return i18n.t('admin:team.salary.levels.missingAmount', { level });
    levels.push({ level, direct: row.direct, team: row.team, amount: row.amount.trim() });
  }
  return levels;
}

function SalaryLevelsModal({ current, onClose }: { current: SalaryLevelsData; onClose: () => void }) {
  const { t } = useTranslation('admin');
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [nextKey, setNextKey] = useState(current.levels.length + 1);
  const [rows, setRows] = useState<DraftRow[]>(() =>
    current.levels.map((level, index) => ({
      key: index + 1,
      direct: level.direct,
      team: level.team,
      amount: level.amount,
    })),
  );
  const parsed = levelsFromDraft(rows);
  const problem = typeof parsed === 'string' ? parsed : salaryLevelsProblem(parsed);

  const save = useMutation({
    mutationFn: saveSalaryLevels,
    // A proposal: the table in force (and every payout) stays until another admin approves it.
    onSuccess: (change) => {
      void queryClient.invalidateQueries({ queryKey: CHANGES_QUERY_ROOT });
      message.success(changeProposedMessage(change));
      onClose();
    },
    onError: (error) => {
      message.error(
        t('team.salary.levels.saveFailed', { reason: errorMessage(error, t('team.salary.unknownError')) }),
      );
    },
  });

  const update = (key: number, change: Partial<DraftRow>) =>
    setRows((all) => all.map((row) => (row.key === key ? { ...row, ...change } : row)));
  const add = () => {
    setRows((all) => [...all, { key: nextKey, direct: null, team: null, amount: '' }]);
    setNextKey((key) => key + 1);
  };
  const remove = (key: number) => setRows((all) => all.filter((row) => row.key !== key));

  return (
    <Modal
      open
      title={t('team.salary.levels.editTitle')}
      width={640}
      okText={t('team.salary.levels.save')}
      cancelText={t('team.salary.levels.cancel')}
      okButtonProps={{ disabled: problem !== null, loading: save.isPending, ...testId('salary-levels-save') }}
      cancelButtonProps={testId('salary-levels-cancel')}
      onOk={() => typeof parsed !== 'string' && problem === null && save.mutate(parsed)}
      onCancel={onClose}
      maskClosable={false}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary" style={{ fontSize: 12 }}>
        {t('team.salary.levels.editNote')}
      </Typography.Paragraph>
      <Flex vertical data-testid="salary-levels-editor">
        {rows.map((row, index) => {
          const level = index + 1;
          return (
            <Flex
              key={row.key}
              wrap
              gap={8}
              align="center"
              style={{ padding: '8px 0', borderBottom: '1px solid rgba(5, 5, 5, 0.06)' }}
            >
              <Tag color="blue" style={{ width: 36, textAlign: 'center', marginInlineEnd: 0 }}>
                L{level}
              </Tag>
              <InputNumber<number>
                min={0}
                max={1_000_000}
                precision={0}
                prefix={t('team.salary.levels.directPrefix')}
                value={row.direct}
                onChange={(value) => update(row.key, { direct: value })}
                style={{ width: 130 }}
                aria-label={t('team.salary.levels.directLabel', { level })}
                data-testid={`salary-level-direct-${level}`}
              />
              <InputNumber<number>
                min={0}
                max={10_000_000}
                precision={0}
                prefix={t('team.salary.levels.teamPrefix')}
                value={row.team}
                onChange={(value) => update(row.key, { team: value })}
                style={{ width: 146 }}
                aria-label={t('team.salary.levels.teamLabel', { level })}
                data-testid={`salary-level-team-${level}`}
              />
              <Input
                value={row.amount}
                inputMode="decimal"
                prefix={t('team.salary.levels.amountPrefix')}
                suffix={SALARY_CURRENCY}
                onChange={(event) => update(row.key, { amount: event.target.value })}
                style={{ width: 176 }}
                aria-label={t('team.salary.levels.amountLabel', { level })}
                data-testid={`salary-level-amount-${level}`}
              />
              <Button
                type="text"
                danger
                icon={<DeleteOutlined />}
                disabled={rows.length <= 1}
                onClick={() => remove(row.key)}
                aria-label={t('team.salary.levels.removeLabel', { level })}
                data-testid={`salary-level-remove-${level}`}
              />
            </Flex>
          );
        })}
      </Flex>
      <Flex justify="space-between" align="center" style={{ marginTop: 12 }} gap={8} wrap>
        <Button
          icon={<PlusOutlined />}
          disabled={rows.length >= MAX_SALARY_LEVELS}
          onClick={add}
          data-testid="salary-levels-add"
        >
          {t('team.salary.levels.add')}
        </Button>
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {t('team.salary.levels.count', { count: rows.length, n: rows.length, max: MAX_SALARY_LEVELS })}
        </Typography.Text>
      </Flex>
      {problem && (
        <Alert
          type="error"
          showIcon
          title={problem}
          style={{ marginTop: 12, marginBottom: 8 }}
          data-testid="salary-levels-problem"
        />
      )}
    </Modal>
  );
}
