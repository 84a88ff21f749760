import { SyncOutlined } from '@ant-design/icons';
import {
  type AdminNotificationEvent,
  DEFAULT_PAGE_SIZE,
  REALTIME_EVENTS,
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
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ListFooter } from '../../../components/ListFooter.tsx';
import { StackedDateTime } from '../../../components/StackedDateTime.tsx';
import { i18n } from '../../../i18n/index.ts';
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

/** 0.35 秒, 1.2 秒, 85 毫秒: how long the verifier took. */
export function runDuration(run: Pick<ReconciliationRun, 'started_at' | 'finished_at'>): string {
  const ms = Math.max(0, Date.parse(run.finished_at) - Date.parse(run.started_at));
  if (ms < 1000) return i18n.t('admin:reconciliationRuns.ms', { n: ms });
  return i18n.t('admin:reconciliationRuns.seconds', { n: (ms / 1000).toFixed(ms < 10_000 ? 2 : 1) });
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
  const { t } = useTranslation('admin');
  const columns: TableColumnsType<ReconciliationBreach> = [
    {
      title: t('reconciliationRuns.kind'),
      key: 'kind',
      render: (_, b) => <Tag color="red">{t(`reconciliationRuns.breach.${b.kind}`)}</Tag>,
    },
    {
      title: t('reconciliationRuns.user'),
      key: 'user',
      render: (_, b) =>
        b.user_id === null ? (
          <Typography.Text type="secondary">
            {t(b.kind === 'journal' ? 'reconciliationRuns.journal' : 'reconciliationRuns.houseAccount')}
          </Typography.Text>
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
    { title: t('reconciliationRuns.currency'), key: 'currency', render: (_, b) => b.currency ?? '-' },
    {
      title: t('reconciliationRuns.actual'),
      key: 'actual',
      align: 'right',
      render: (_, b) => <span style={{ whiteSpace: 'nowrap' }}>{amountText(b.actual, b.currency)}</span>,
    },
    {
      title: t('reconciliationRuns.expected'),
      key: 'expected',
      align: 'right',
      render: (_, b) => <span style={{ whiteSpace: 'nowrap' }}>{amountText(b.expected, b.currency)}</span>,
    },
    {
      title: t('reconciliationRuns.difference'),
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
      title: t('reconciliationRuns.details'),
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
  const { t } = useTranslation('admin');
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
    onError: (error) => message.warning(errorMessage(error, t('reconciliationRuns.runFailed'))),
    onSettled: reload,
  });

  const acknowledge = useMutation({
    mutationFn: acknowledgeReconciliation,
    onSuccess: () => message.success(t('reconciliationRuns.acknowledged')),
    onError: (error) => message.error(errorMessage(error, t('reconciliationRuns.acknowledgeFailed'))),
    onSettled: reload,
  });

  const confirmAcknowledge = (run: ReconciliationRun) => {
    modal.confirm({
      title: t('reconciliationRuns.confirmTitle', { id: run.id }),
      content: t('reconciliationRuns.confirmText', { count: run.breaches.length, n: run.breaches.length }),
      okText: t('reconciliationRuns.acknowledge'),
      okButtonProps: { danger: true },
      cancelText: t('reconciliationRuns.cancel'),
      onOk: () => acknowledge.mutateAsync(run.id).catch(() => undefined),
    });
  };

  const columns: TableColumnsType<ReconciliationRun> = [
    { title: 'ID', dataIndex: 'id', width: 72 },
    {
      title: t('reconciliationRuns.time'),
      key: 'started_at',
      width: 130,
      render: (_, run) => <StackedDateTime value={run.started_at} />,
    },
    {
      title: t('reconciliationRuns.duration'),
      key: 'duration',
      width: 90,
      render: (_, run) => <span style={{ whiteSpace: 'nowrap' }}>{runDuration(run)}</span>,
    },
    {
      title: t('reconciliationRuns.trigger'),
      key: 'trigger',
      width: 200,
      render: (_, run) =>
        run.triggered_by === null ? (
          <Tag>{t('reconciliationRuns.scheduled')}</Tag>
        ) : (
          <Flex vertical>
            <Tag color="blue" style={{ width: 'fit-content' }}>
              {t('reconciliationRuns.runNow')}
            </Tag>
            <Typography.Text
              type="secondary"
              ellipsis={{ tooltip: run.triggered_by_email }}
              style={{ maxWidth: 200, fontSize: 12 }}
            >
              {run.triggered_by_email ?? t('reconciliationRuns.admin', { id: run.triggered_by })}
            </Typography.Text>
          </Flex>
        ),
    },
    {
      title: t('reconciliationRuns.resultColumn'),
      key: 'result',
      width: 110,
      render: (_, run) =>
        run.ok ? (
          <Tag color="green" data-testid="reconciliation-run-result">
            {t('reconciliationRuns.ok')}
          </Tag>
        ) : (
          <Tag color="red" data-testid="reconciliation-run-result">
            {t('reconciliationRuns.breaches', { count: run.breaches.length, n: run.breaches.length })}
          </Tag>
        ),
    },
    {
      title: t('reconciliationRuns.scope'),
      key: 'checked',
      width: 130,
      render: (_, run) =>
        run.checked ? (
          <Flex vertical style={{ fontSize: 12, whiteSpace: 'nowrap' }}>
            <span>
              {t('reconciliationRuns.accounts', { n: run.checked.accounts.toLocaleString(i18n.language) })}
            </span>
            <span>
              {t('reconciliationRuns.transactions', {
                n: run.checked.transactions.toLocaleString(i18n.language),
              })}
            </span>
            <span>
              {t('reconciliationRuns.entries', { n: run.checked.entries.toLocaleString(i18n.language) })}
            </span>
          </Flex>
        ) : (
          <Typography.Text type="secondary">-</Typography.Text>
        ),
    },
    {
      title: t('reconciliationRuns.acknowledgement'),
      key: 'acknowledged',
      width: 200,
      render: (_, run) => {
        if (run.ok)
          return <Typography.Text type="secondary">{t('reconciliationRuns.noNeed')}</Typography.Text>;
        if (run.acknowledged_at) {
          return (
            <Flex vertical data-testid={`reconciliation-acknowledged-${run.id}`}>
              <Typography.Text ellipsis={{ tooltip: run.acknowledged_by_email }} style={{ maxWidth: 200 }}>
                {run.acknowledged_by_email ?? t('reconciliationRuns.admin', { id: run.acknowledged_by })}
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
            {t('reconciliationRuns.acknowledge')}
          </Button>
        );
      },
    },
  ];

  const pagination = query.data?.pagination;
  const unacknowledged = query.data?.unacknowledged ?? 0;

  return (
    <AdminListPage
      title={t('menu.reconciliation')}
      testId="reconciliation-runs"
      query={query}
      loadFailed={t('reconciliationRuns.loadFailed')}
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
          {t(runNow.isPending ? 'reconciliationRuns.running' : 'reconciliationRuns.runNow')}
        </Button>
      }
      summary={
        unacknowledged > 0 ? (
          <Alert
            type="error"
            showIcon
            data-testid="reconciliation-unacknowledged"
            title={t('reconciliationRuns.unacknowledgedTitle', { count: unacknowledged, n: unacknowledged })}
            description={t('reconciliationRuns.unacknowledgedText')}
            action={
              filters.result === 'unacknowledged' ? undefined : (
                <Button size="small" danger onClick={() => setFilters({ result: 'unacknowledged' })}>
                  {t('reconciliationRuns.onlyUnacknowledged')}
                </Button>
              )
            }
          />
        ) : (
          <Alert
            type="info"
            showIcon
            data-testid="reconciliation-help"
            title={t('reconciliationRuns.helpTitle')}
            description={t('reconciliationRuns.helpText')}
          />
        )
      }
      filters={
        <Segmented
          value={filters.result}
          options={[
            { value: 'all', label: t('reconciliationRuns.all') },
            ...reconciliationRunResults.map((result) => ({
              value: result,
              label: t(`reconciliationRuns.result.${result}`),
            })),
          ]}
          onChange={(result) => setFilters({ result: result as typeof filters.result })}
          data-testid="reconciliation-result-filter"
        />
      }
      batchBar={
        <Typography.Text type="secondary" data-testid="reconciliation-unacknowledged-count">
          {t('reconciliationRuns.unacknowledgedCount', { n: unacknowledged })}
        </Typography.Text>
      }
      table={
        <ListTable<ReconciliationRun>
          columns={columns}
          rows={runs ?? []}
          loading={query.isFetching && !query.data}
          rowTestId="reconciliation-run"
          empty={<Empty description={t('reconciliationRuns.empty')} />}
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
          noun={t('reconciliationRuns.noun')}
          testId="reconciliation"
        />
      }
    />
  );
}
