import { CheckOutlined, CloseOutlined, RollbackOutlined } from '@ant-design/icons';
import {
  type AdminChange,
  CHANGE_STATUS_LABELS,
  type ChangeStatus,
  changeKindLabel,
  changeStatuses,
  DEFAULT_PAGE_SIZE,
} from '@platform/contracts';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  App,
  Button,
  Empty,
  Flex,
  Input,
  Segmented,
  type TableColumnsType,
  Tag,
  Typography,
} from 'antd';
import { useMemo } from 'react';
import { ListFooter } from '../../components/ListFooter.tsx';
import { StackedDateTime } from '../../components/StackedDateTime.tsx';
import { useIdempotentMutation } from '../../lib/idempotency.ts';
import { useListParams } from '../../lib/listParams.ts';
import { errorMessage } from '../../lib/request.ts';
import { AdminListPage, LAPTOP_TABLE_WIDTH, ListTable } from '../shell/AdminListPage.tsx';
import { changedFields } from './changeDiff.ts';
import {
  CHANGE_LIST_PARAMS,
  CHANGES_QUERY_ROOT,
  type ChangeDecision,
  changesQueryKey,
  decideChange,
  fetchChanges,
} from './changesApi.ts';

const PAGE_SIZE = DEFAULT_PAGE_SIZE;
/** Another admin's proposal or decision shows within this time without 刷新. */
const REFRESH_MS = 30_000;

const STATUS_COLORS: Record<ChangeStatus, string> = {
  pending: 'orange',
  delayed: 'gold',
  applied: 'green',
  rejected: 'red',
  cancelled: 'default',
  stale: 'default',
};

const STATUS_OPTIONS = [
  { value: 'all', label: '全部' },
  ...changeStatuses.map((status) => ({ value: status, label: CHANGE_STATUS_LABELS[status] })),
];

const DECISIONS: Record<ChangeDecision, { label: string; verb: string; danger: boolean }> = {
  approve: { label: '批准', verb: '批准后立即生效', danger: false },
  reject: { label: '拒绝', verb: '拒绝后不会生效', danger: true },
  cancel: { label: '撤销', verb: '撤销后不会生效', danger: true },
};

const WRAP = { whiteSpace: 'pre-wrap', wordBreak: 'break-all' } as const;

/** 变更内容: only the fields that differ, old → new, long values wrapped. */
export function ChangeDiff({ change }: { change: Pick<AdminChange, 'id' | 'before' | 'after'> }) {
  const fields = changedFields(change.before, change.after);
  if (fields.length === 0) return <Typography.Text type="secondary">无变化</Typography.Text>;
  return (
    <Flex vertical gap={4} data-testid={`change-diff-${change.id}`} style={{ fontSize: 12 }}>
      {fields.map((field) => (
        <div key={field.path} data-testid="change-diff-field" style={WRAP}>
          <Typography.Text code>{field.path}</Typography.Text>{' '}
          {field.before === null ? (
            <Tag color="green">新增</Tag>
          ) : (
            <Typography.Text delete type="secondary">
              {field.before}
            </Typography.Text>
          )}
          {field.before !== null && field.after !== null && ' → '}
          {field.after === null ? (
            <Tag color="red">删除</Tag>
          ) : (
            <Typography.Text strong>{field.after}</Typography.Text>
          )}
        </div>
      ))}
    </Flex>
  );
}

function Who({ who }: { who: AdminChange['proposer'] | null }) {
  if (!who) return <Typography.Text type="secondary">-</Typography.Text>;
  return (
    <Typography.Text ellipsis={{ tooltip: who.email }} style={{ maxWidth: 110 }}>
      {who.email ?? `管理员 #${who.id}`}
    </Typography.Text>
  );
}

function Times({ change }: { change: AdminChange }) {
  const line = (label: string, value: string) => (
    <span>
      <Typography.Text type="secondary">{label}</Typography.Text>
      <br />
      <StackedDateTime value={value} />
    </span>
  );
  return (
    <Flex vertical gap={4} style={{ fontSize: 12 }}>
      {line('提交', change.proposed_at)}
      {change.status === 'delayed' && change.effective_at && line('生效', change.effective_at)}
      {change.decided_at && line('处理', change.decided_at)}
    </Flex>
  );
}

/**
 * 待生效变更 (issue 32, docs/pending-changes.md): every proposal to change a money-affecting setting
 * (payout rates, thresholds, channels, admin accounts), what it changes, who proposed and who
 * decided it. 批准 / 拒绝 / 撤销 appear where the server says the viewing admin may (can_*); each asks
 * first (拒绝 and 撤销 with an optional reason) and sends its own Idempotency-Key.
 */
export default function ChangesPage() {
  const { message, modal } = App.useApp();
  const queryClient = useQueryClient();
  const [filters, setFilters] = useListParams(CHANGE_LIST_PARAMS);

  const queryKey = useMemo(() => changesQueryKey(filters), [filters]);
  const query = useQuery({
    queryKey,
    queryFn: ({ signal }) => fetchChanges(filters, PAGE_SIZE, signal),
    placeholderData: keepPreviousData,
    refetchInterval: REFRESH_MS,
  });
  const reload = () => void queryClient.invalidateQueries({ queryKey: CHANGES_QUERY_ROOT });

  const decide = useIdempotentMutation({
    mutationFn: (v: { decision: ChangeDecision; change: AdminChange; reason: string }, key) =>
      decideChange(v.decision, v.change.id, v.reason, key),
    onSuccess: (serverMessage) => message.success(serverMessage),
    onError: (error, v) =>
      message.error(`${DECISIONS[v.decision].label}失败: ${errorMessage(error, '未知错误')}`),
    onSettled: reload,
  });

  const confirm = (decision: ChangeDecision, change: AdminChange) => {
    const { label, verb, danger } = DECISIONS[decision];
    let reason = '';
    modal.confirm({
      title: `${label}变更 #${change.id}：${changeKindLabel(change.kind)}`,
      width: 560,
      content: (
        <Flex vertical gap={8} data-testid="change-confirm">
          <span>
            {change.proposer.email ?? `管理员 #${change.proposer.id}`} 提交的变更，{verb}。
          </span>
          <ChangeDiff change={change} />
          {decision !== 'approve' && (
            <Input.TextArea
              placeholder="原因（选填）"
              maxLength={500}
              autoSize={{ minRows: 2, maxRows: 4 }}
              onChange={(event) => {
                reason = event.target.value;
              }}
              data-testid="change-reason"
            />
          )}
        </Flex>
      ),
      okText: `确认${label}`,
      okButtonProps: { danger },
      cancelText: '取消',
      // The dialog stays open (its button loading) until the server has answered.
      onOk: () => decide.mutateAsync({ decision, change, reason }).catch(() => undefined),
    });
  };

  const busy = (change: AdminChange) => decide.isPending && decide.variables?.change.id === change.id;
  const action = (decision: ChangeDecision, change: AdminChange, icon: React.ReactNode) => (
    <Button
      key={decision}
      size="small"
      type={decision === 'approve' ? 'primary' : 'default'}
      danger={DECISIONS[decision].danger}
      icon={icon}
      disabled={busy(change)}
      loading={busy(change) && decide.variables?.decision === decision}
      onClick={() => confirm(decision, change)}
      data-testid={`change-${decision}-${change.id}`}
    >
      {DECISIONS[decision].label}
    </Button>
  );

  const columns: TableColumnsType<AdminChange> = [
    { title: 'ID', dataIndex: 'id', width: 56 },
    {
      title: '变更',
      key: 'kind',
      width: 110,
      render: (_, c) => (
        <Flex vertical>
          <span>{changeKindLabel(c.kind)}</span>
          {c.required_level === 'super_admin' && (
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              需超级管理员批准
            </Typography.Text>
          )}
        </Flex>
      ),
    },
    {
      title: '对象',
      key: 'target',
      width: 100,
      render: (_, c) => (
        <span style={WRAP}>{c.target_id ? `${c.target_type} #${c.target_id}` : c.target_type}</span>
      ),
    },
    { title: '变更内容', key: 'diff', render: (_, c) => <ChangeDiff change={c} /> },
    { title: '提交人', key: 'proposer', width: 126, render: (_, c) => <Who who={c.proposer} /> },
    { title: '审批人', key: 'approver', width: 126, render: (_, c) => <Who who={c.approver} /> },
    { title: '时间', key: 'times', width: 120, render: (_, c) => <Times change={c} /> },
    {
      title: '状态',
      key: 'status',
      width: 100,
      render: (_, c) => (
        <Flex vertical gap={2}>
          <Tag
            color={STATUS_COLORS[c.status]}
            data-testid={`change-status-${c.id}`}
            style={{ width: 'fit-content' }}
          >
            {CHANGE_STATUS_LABELS[c.status]}
          </Tag>
          {c.reason && (
            <Typography.Text type="secondary" style={{ fontSize: 12, ...WRAP }}>
              原因：{c.reason}
            </Typography.Text>
          )}
        </Flex>
      ),
    },
    {
      title: '操作',
      key: 'actions',
      width: 150,
      fixed: 'right',
      render: (_, c) => {
        const buttons = [
          c.can_approve && action('approve', c, <CheckOutlined />),
          c.can_reject && action('reject', c, <CloseOutlined />),
          c.can_cancel && action('cancel', c, <RollbackOutlined />),
        ].filter(Boolean);
        return buttons.length > 0 ? (
          <Flex gap={8} wrap>
            {buttons}
          </Flex>
        ) : (
          <Typography.Text type="secondary">-</Typography.Text>
        );
      },
    },
  ];

  return (
    <AdminListPage
      title="待生效变更"
      testId="changes"
      query={query}
      loadFailed="获取待生效变更失败"
      reloadError="keep"
      summary={
        <Alert
          type="info"
          showIcon
          title="期权与秒合约收益率、复核阈值、充值与提现通道和管理员账户（新增、级别、激活链接、删除、启用）的修改须由另一位管理员批准后生效（复核阈值和管理员账户须另一位超级管理员批准）。"
          description="没有其他可批准的管理员时，变更在 24 小时后自动生效，期间任何其他管理员可撤销。"
        />
      }
      filters={
        <Segmented
          value={filters.status}
          options={STATUS_OPTIONS}
          onChange={(status) => setFilters({ status: status as typeof filters.status })}
          data-testid="changes-status-filter"
        />
      }
      table={
        <ListTable<AdminChange>
          columns={columns}
          rows={query.data?.changes ?? []}
          loading={query.isFetching && !query.data}
          rowTestId="change-row"
          empty={<Empty description="暂无变更" />}
          tableLayout="fixed"
          scrollX={LAPTOP_TABLE_WIDTH}
        />
      }
      footer={
        <ListFooter
          pagination={query.data?.pagination}
          page={filters.page}
          onChange={(page) => setFilters({ page })}
          noun="项变更"
          testId="changes"
        />
      }
    />
  );
}
