import { SyncOutlined } from '@ant-design/icons';
import {
  type AdminNotificationEvent,
  DEFAULT_PAGE_SIZE,
  REALTIME_EVENTS,
  RECONCILIATION_BREACH_LABELS,
  RECONCILIATION_RESULT_LABELS,
  type ReconciliationBreach,
  type ReconciliationRun,
  reconciliationRunResults,
} from '@platform/contracts';
import { Decimal, formatExactAmount } from '@platform/domain';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  App,
  Button,
  Empty,
  Flex,
  Segmented,
  Table,
  type TableColumnsType,
  Tag,
  Typography,
} from 'antd';
import { type HTMLAttributes, type Key, useEffect, useMemo, useRef, useState } from 'react';
import { Link } from 'react-router';
import { ListFooter } from '../../../components/ListFooter.tsx';
import { StackedDateTime } from '../../../components/StackedDateTime.tsx';
import { useListParams } from '../../../lib/listParams.ts';
import { errorMessage } from '../../../lib/request.ts';
import { useSocketEvent } from '../../../lib/socket.ts';
import { acknowledgeReconciliation } from '../../dashboard/reconciliationApi.ts';
import { AdminListPage, ListTable } from '../../shell/AdminListPage.tsx';
import {
  fetchReconciliationRuns,
  RECONCILIATION_QUERY_ROOT,
  RECONCILIATION_RUN_LIST_PARAMS,
  reconciliationRunsQueryKey,
  runReconciliationNow,
} from './reconciliationRunsApi.ts';

const PAGE_SIZE = DEFAULT_PAGE_SIZE;
/** Runs arrive every few minutes (the job) or from another admin's 立即对账. */
const REFRESH_MS = 60_000;

const RESULT_OPTIONS = [
  { value: 'all', label: '全部' },
  ...reconciliationRunResults.map((result) => ({
    value: result,
    label: RECONCILIATION_RESULT_LABELS[result],
  })),
];

/** 0.35 秒, 1.2 秒, 85 毫秒: how long the verifier took. */
export function runDuration(run: Pick<ReconciliationRun, 'started_at' | 'finished_at'>): string {
  const ms = Math.max(0, Date.parse(run.finished_at) - Date.parse(run.started_at));
  if (ms < 1000) return `${ms} 毫秒`;
  return `${(ms / 1000).toFixed(ms < 10_000 ? 2 : 1)} 秒`;
}

/** An amount of a breach in its currency, every digit; '-' where the breach has none. */
function amountText(value: string | null, currency: string | null): string {
  if (value === null) return '-';
  return currency ? formatExactAmount(value, currency) : value;
}

/** Ledger minus what the business tables say, signed: +7.5 USDT means 7.5 too much in the ledger. */
export function breachDifference(breach: Pick<ReconciliationBreach, 'actual' | 'expected' | 'currency'>) {
  if (breach.actual === null || breach.expected === null) return null;
  const diff = new Decimal(breach.actual).minus(breach.expected);
  const text = amountText(diff.abs().toFixed(), breach.currency);
  return { text: `${diff.isNegative() ? '-' : '+'}${text}`, negative: diff.isNegative() };
}

/** Long e-mails would widen the expanded row past a 1280-pixel screen and hide the 确认 column. */
const USER_LINK_STYLE = {
  display: 'inline-block',
  maxWidth: 200,
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
  verticalAlign: 'bottom',
} as const;

/** The runs table's columns (72 + 130 + 90 + 200 + 110 + 130 + 200) and the expand column. */
const RUNS_TABLE_WIDTH = 980;

function BreachTable({ run }: { run: ReconciliationRun }) {
  const columns: TableColumnsType<ReconciliationBreach> = [
    {
      title: '异常类型',
      key: 'kind',
      render: (_, b) => <Tag color="red">{RECONCILIATION_BREACH_LABELS[b.kind]}</Tag>,
    },
    {
      title: '用户',
      key: 'user',
      render: (_, b) =>
        b.user_id === null ? (
          <Typography.Text type="secondary">{b.kind === 'journal' ? '账本' : '平台账户'}</Typography.Text>
        ) : (
          <Flex vertical>
            {b.user_email ? (
              <Link
                to={`/admin/users?search=${encodeURIComponent(b.user_email)}`}
                title={b.user_email}
                style={USER_LINK_STYLE}
              >
                {b.user_email}
              </Link>
            ) : null}
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              ID {b.user_id}
            </Typography.Text>
          </Flex>
        ),
    },
    { title: '币种', key: 'currency', render: (_, b) => b.currency ?? '-' },
    {
      title: '账本金额',
      key: 'actual',
      align: 'right',
      render: (_, b) => <span style={{ whiteSpace: 'nowrap' }}>{amountText(b.actual, b.currency)}</span>,
    },
    {
      title: '应有金额',
      key: 'expected',
      align: 'right',
      render: (_, b) => <span style={{ whiteSpace: 'nowrap' }}>{amountText(b.expected, b.currency)}</span>,
    },
    {
      title: '差额',
      key: 'difference',
      align: 'right',
      render: (_, b) => {
        const diff = breachDifference(b);
        return diff ? (
          <Typography.Text strong type="danger" style={{ whiteSpace: 'nowrap' }}>
            {diff.text}
          </Typography.Text>
        ) : (
          '-'
        );
      },
    },
    {
      title: '明细',
      key: 'message',
      render: (_, b) => (
        <Typography.Paragraph
          type="secondary"
          ellipsis={{ rows: 2, tooltip: b.message }}
          style={{ margin: 0, maxWidth: 280, fontSize: 12 }}
        >
          {b.message}
        </Typography.Paragraph>
      ),
    },
  ];
  return (
    <Table<ReconciliationBreach>
      rowKey={(b) => `${b.kind}:${b.message}`}
      columns={columns}
      dataSource={run.breaches}
      pagination={false}
      scroll={{ x: 'max-content' }}
      size="small"
      data-testid={`reconciliation-breaches-${run.id}`}
      onRow={() => ({ 'data-testid': 'reconciliation-breach' }) as HTMLAttributes<HTMLElement>}
    />
  );
}

/**
 * 对账记录: every run of the reconciliation job (and of 立即对账), newest first. A run with breaches
 * opens to list them (user, currency, ledger vs. expected, kind) and stays 待确认 until an admin
 * acknowledges it, which also clears the dashboard's red alert.
 */
export default function ReconciliationRunsPage() {
  const { message, modal } = App.useApp();
  const queryClient = useQueryClient();
  const [filters, setFilters] = useListParams(RECONCILIATION_RUN_LIST_PARAMS);
  const [expanded, setExpanded] = useState<readonly Key[]>([]);
  const opened = useRef(new Set<number>());

  const queryKey = useMemo(() => reconciliationRunsQueryKey(filters), [filters]);
  const query = useQuery({
    queryKey,
    queryFn: ({ signal }) => fetchReconciliationRuns(filters, PAGE_SIZE, signal),
    placeholderData: keepPreviousData,
    refetchInterval: REFRESH_MS,
  });
  const reload = () => void queryClient.invalidateQueries({ queryKey: RECONCILIATION_QUERY_ROOT });
  useSocketEvent<Partial<AdminNotificationEvent> | undefined>(REALTIME_EVENTS.adminNotification, (event) => {
    if (event?.type === 'reconciliation') reload();
  });

  // A breach nobody has acknowledged opens by itself, once: what needs looking at is in view.
  const runs = query.data?.runs;
  useEffect(() => {
    const fresh = (runs ?? []).filter((r) => !r.ok && !r.acknowledged_at && !opened.current.has(r.id));
    if (!fresh.length) return;
    for (const r of fresh) opened.current.add(r.id);
    setExpanded((keys) => [...keys, ...fresh.map((r) => r.id)]);
  }, [runs]);

  const runNow = useMutation({
    mutationFn: runReconciliationNow,
    onSuccess: (reply) => {
      if (reply.data.run.ok) message.success(reply.message);
      else message.error(reply.message);
      if (filters.page !== 1) setFilters({ page: 1 });
    },
    onError: (error) => message.warning(errorMessage(error, '对账失败')),
    onSettled: reload,
  });

  const acknowledge = useMutation({
    mutationFn: acknowledgeReconciliation,
    onSuccess: () => message.success('已确认对账异常'),
    onError: (error) => message.error(errorMessage(error, '确认失败')),
    onSettled: reload,
  });

  const confirmAcknowledge = (run: ReconciliationRun) => {
    modal.confirm({
      title: `确认对账异常 #${run.id}`,
      content: `确认已核查本次对账发现的 ${run.breaches.length} 项不一致？确认后仪表盘不再显示这次的告警，确认人和时间会记录在案。`,
      okText: '确认已知悉',
      okButtonProps: { danger: true },
      cancelText: '取消',
      onOk: () => acknowledge.mutateAsync(run.id).catch(() => undefined),
    });
  };

  const columns: TableColumnsType<ReconciliationRun> = [
    { title: 'ID', dataIndex: 'id', width: 72 },
    {
      title: '对账时间',
      key: 'started_at',
      width: 130,
      render: (_, run) => <StackedDateTime value={run.started_at} />,
    },
    {
      title: '耗时',
      key: 'duration',
      width: 90,
      render: (_, run) => <span style={{ whiteSpace: 'nowrap' }}>{runDuration(run)}</span>,
    },
    {
      title: '触发方式',
      key: 'trigger',
      width: 200,
      render: (_, run) =>
        run.triggered_by === null ? (
          <Tag>定时任务</Tag>
        ) : (
          <Flex vertical>
            <Tag color="blue" style={{ width: 'fit-content' }}>
              立即对账
            </Tag>
            <Typography.Text
              type="secondary"
              ellipsis={{ tooltip: run.triggered_by_email }}
              style={{ maxWidth: 200, fontSize: 12 }}
            >
              {run.triggered_by_email ?? `管理员 #${run.triggered_by}`}
            </Typography.Text>
          </Flex>
        ),
    },
    {
      title: '结果',
      key: 'result',
      width: 110,
      render: (_, run) =>
        run.ok ? (
          <Tag color="green" data-testid="reconciliation-run-result">
            正常
          </Tag>
        ) : (
          <Tag color="red" data-testid="reconciliation-run-result">
            异常 {run.breaches.length} 项
          </Tag>
        ),
    },
    {
      title: '核对范围',
      key: 'checked',
      width: 130,
      render: (_, run) =>
        run.checked ? (
          <Flex vertical style={{ fontSize: 12, whiteSpace: 'nowrap' }}>
            <span>账户 {run.checked.accounts.toLocaleString('zh-CN')}</span>
            <span>交易 {run.checked.transactions.toLocaleString('zh-CN')}</span>
            <span>分录 {run.checked.entries.toLocaleString('zh-CN')}</span>
          </Flex>
        ) : (
          <Typography.Text type="secondary">-</Typography.Text>
        ),
    },
    {
      title: '确认',
      key: 'acknowledged',
      width: 200,
      render: (_, run) => {
        if (run.ok) return <Typography.Text type="secondary">无需确认</Typography.Text>;
        if (run.acknowledged_at) {
          return (
            <Flex vertical data-testid={`reconciliation-acknowledged-${run.id}`}>
              <Typography.Text ellipsis={{ tooltip: run.acknowledged_by_email }} style={{ maxWidth: 200 }}>
                {run.acknowledged_by_email ?? `管理员 #${run.acknowledged_by}`}
              </Typography.Text>
              <span style={{ fontSize: 12 }}>
                <StackedDateTime value={run.acknowledged_at} />
              </span>
            </Flex>
          );
        }
        return (
          <Button
            danger
            size="small"
            loading={acknowledge.isPending && acknowledge.variables === run.id}
            onClick={() => confirmAcknowledge(run)}
            data-testid={`reconciliation-ack-${run.id}`}
          >
            确认已知悉
          </Button>
        );
      },
    },
  ];

  const pagination = query.data?.pagination;
  const unacknowledged = query.data?.unacknowledged ?? 0;

  return (
    <AdminListPage
      title="对账记录"
      testId="reconciliation-runs"
      query={query}
      loadFailed="获取对账记录失败"
      reloadError="keep"
      refreshing={query.isFetching && !runNow.isPending}
      actions={
        <Button
          type="primary"
          icon={<SyncOutlined spin={runNow.isPending} />}
          disabled={runNow.isPending}
          onClick={() => runNow.mutate()}
          data-testid="reconciliation-run-now"
        >
          {runNow.isPending ? '对账中…' : '立即对账'}
        </Button>
      }
      summary={
        unacknowledged > 0 ? (
          <Alert
            type="error"
            showIcon
            data-testid="reconciliation-unacknowledged"
            title={`有 ${unacknowledged} 次对账异常待确认`}
            description="请逐项核查下列不一致（展开记录查看用户、币种、账本金额与应有金额），处理后点击「确认已知悉」。"
            action={
              filters.result === 'unacknowledged' ? undefined : (
                <Button size="small" danger onClick={() => setFilters({ result: 'unacknowledged' })}>
                  只看待确认
                </Button>
              )
            }
          />
        ) : (
          <Alert
            type="info"
            showIcon
            data-testid="reconciliation-help"
            title="对账任务定期（默认每 10 分钟）核对账本：借贷平衡，每个用户每个币种的冻结余额等于未完成的提现、挂单、合约和持仓占用，手续费与平台损益账户等于交易和提现记录。"
            description="发现异常时通知所有管理员，仪表盘显示红色告警，直到有管理员确认。「立即对账」马上核对一次，同一时间只运行一次。"
          />
        )
      }
      filters={
        <Segmented
          value={filters.result}
          options={RESULT_OPTIONS}
          onChange={(result) => setFilters({ result: result as typeof filters.result })}
          data-testid="reconciliation-result-filter"
        />
      }
      batchBar={
        <Typography.Text type="secondary" data-testid="reconciliation-unacknowledged-count">
          待确认 {unacknowledged} 次
        </Typography.Text>
      }
      table={
        <ListTable<ReconciliationRun>
          columns={columns}
          rows={runs ?? []}
          loading={query.isFetching && !query.data}
          rowTestId="reconciliation-run"
          empty={<Empty description="暂无对账记录" />}
          // Fixed widths: an expanded run's breach table scrolls inside its row instead of
          // widening the runs table and pushing 核对范围 and 确认 off the card.
          tableLayout="fixed"
          scrollX={RUNS_TABLE_WIDTH}
          expandable={{
            rowExpandable: (run) => !run.ok,
            expandedRowKeys: expanded as Key[],
            onExpandedRowsChange: (keys) => setExpanded(keys),
            expandedRowRender: (run) => <BreachTable run={run} />,
          }}
        />
      }
      footer={
        <ListFooter
          pagination={pagination}
          page={filters.page}
          onChange={(page) => setFilters({ page })}
          noun="次对账"
          testId="reconciliation"
        />
      }
    />
  );
}
