import { DownloadOutlined, SearchOutlined, SendOutlined } from '@ant-design/icons';
import { DEFAULT_PAGE_SIZE, type PayoutDate, payoutDateKey, SALARY_CURRENCY } from '@platform/contracts';
import { Decimal, formatCount, formatNumber } from '@platform/domain';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, Flex, Select, Tooltip, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ListFooter } from '../../../components/ListFooter.tsx';
import { LoadErrorView } from '../../../components/LoadErrorView.tsx';
import { useIdempotentMutation } from '../../../lib/idempotency.ts';
import { errorMessage } from '../../../lib/request.ts';
import { PAYOUT_APPROVALS_ROOT } from '../shared/payoutApprovalsApi.ts';
import { EligibleUsersTable } from './EligibleUsersTable.tsx';
import {
  batchPay,
  beijingToday,
  downloadSalaryExport,
  eligibleQueryKey,
  fetchEligibleUsers,
  isFuturePayoutDate,
  monthOptions,
  payDayOptions,
  payUser,
  SALARY_QUERY_ROOT,
  type SalaryCandidate,
  yearOptions,
} from './salaryApi.ts';

/** Σ of the users' payable amounts, exact. */
const totalOf = (users: readonly SalaryCandidate[]) =>
  users.reduce((sum, user) => sum.plus(user.salaryAmount), new Decimal(0)).toFixed();

const sameDate = (a: PayoutDate, b: PayoutDate) => payoutDateKey(a) === payoutDateKey(b);

export interface SalaryPayoutTabProps {
  /** The payout date (mount the tab with key payoutDateKey(date), so that another date starts afresh) the list shows and every action pays (the applied one, not the selectors' draft). */
  date: PayoutDate;
  page: number;
  onQuery: (date: PayoutDate) => void;
  onPage: (page: number) => void;
}

/**
 * 发放管理: the payout date selectors (year 2024 or the earliest payout's to this year, month, day
 * 1/11/21) and 查询, the users eligible on the date with per-row 发放 and 批量发放 for the selected
 * unpaid ones (each confirmed, naming the date and the amount), the date's summary and 导出报表 (its
 * CSV). Eligibility is the level at the start of the payout date in Beijing (the server's asOf):
 * the hint under the title says so. A date after today cannot be paid: its pay buttons are disabled.
 */
export function SalaryPayoutTab({ date, page, onQuery, onPage }: SalaryPayoutTabProps) {
  const { t } = useTranslation('admin');
  const LOAD_FAILED = t('team.salary.payout.loadFailed');
  const unknown = t('team.salary.unknownError');
  const usdt = (amount: string) => `${formatNumber(amount, 2)} ${SALARY_CURRENCY}`;
  const { message, modal } = App.useApp();
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState<PayoutDate>(date);
  const [selected, setSelected] = useState<number[]>([]);
  const [exporting, setExporting] = useState(false);
  const dateKey = payoutDateKey(date);

  // Another page starts with an empty selection (another date remounts the tab: see SalaryPage).
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on a page change only.
  useEffect(() => setSelected([]), [page]);

  const query = useQuery({
    queryKey: eligibleQueryKey({ ...date, page, limit: DEFAULT_PAGE_SIZE }),
    queryFn: ({ signal }) => fetchEligibleUsers(date, page, signal),
    placeholderData: keepPreviousData,
  });
  const data = query.data;
  const rows = data?.users ?? [];

  // Only unpaid users on the page shown can stay selected (a reload may have paid some).
  useEffect(() => {
    const unpaid = new Set(rows.filter((u) => u.paid === null).map((u) => u.userId));
    setSelected((current) => {
      const kept = current.filter((id) => unpaid.has(id));
      return kept.length === current.length ? current : kept;
    });
  }, [rows]);

  const reload = () => {
    void queryClient.invalidateQueries({ queryKey: [...SALARY_QUERY_ROOT, 'eligible-users'] });
    void queryClient.invalidateQueries({ queryKey: [...SALARY_QUERY_ROOT, 'statistics'] });
    // A pay call may have recorded (or completed) a 待复核 payout.
    void queryClient.invalidateQueries({ queryKey: PAYOUT_APPROVALS_ROOT });
  };

  const pay = useIdempotentMutation({
    mutationFn: ({ user, on }: { user: SalaryCandidate; on: PayoutDate }, idempotencyKey) =>
      payUser(user.userId, on, idempotencyKey),
    onSuccess: (result) => {
      // Dual control: at or above the payout threshold this only records the first approval.
      if (result.awaitingSecondApproval) {
        message.info(
          t('team.salary.payout.firstApproval', {
            recorded: t('team.salary.payout.firstApprovalRecorded'),
            date: result.payoutDate,
            level: result.level,
            amount: usdt(result.amount),
          }),
          6,
        );
        return;
      }
      message.success(
        t('team.salary.payout.paid', {
          paid: t('team.salary.payout.paidTitle'),
          date: result.payoutDate,
          level: result.level,
          amount: usdt(result.amount),
        }),
      );
    },
    onError: (error) => {
      message.error(
        t('team.salary.payout.failed', {
          title: t('team.salary.payout.payFailedTitle'),
          reason: errorMessage(error, unknown),
        }),
      );
    },
    onSettled: reload,
  });

  const batch = useIdempotentMutation({
    mutationFn: ({ users, on }: { users: SalaryCandidate[]; on: PayoutDate }, idempotencyKey) =>
      batchPay(
        users.map((u) => u.userId),
        on,
        idempotencyKey,
      ),
    onSuccess: (result, { users }) => {
      const waiting = result.awaitingSecondApproval;
      if (waiting)
        message.info(
          t('team.salary.payout.batchFirstApproval', {
            recorded: t('team.salary.payout.firstApprovalRecorded'),
            count: waiting.items.length,
            n: waiting.items.length,
            amount: usdt(waiting.total),
          }),
          8,
        );
      else
        message.success(
          t('team.salary.payout.batchPaid', {
            count: result.paidCount,
            n: result.paidCount,
            amount: usdt(result.totalAmount),
          }),
        );
      if (result.skipped.length > 0) {
        const names = result.skipped.map((skip) => {
          const user = users.find((u) => u.userId === skip.userId);
          return t('team.salary.payout.skippedUser', {
            who: user?.email ?? t('team.salary.payout.userId', { id: skip.userId }),
            reason: t(`team.salary.payout.skip.${skip.reason}`, { defaultValue: skip.reason }),
          });
        });
        message.warning(
          t('team.salary.payout.skipped', {
            count: result.skipped.length,
            n: result.skipped.length,
            list: names.join(t('team.salary.payout.listSeparator')),
          }),
          8,
        );
      }
      setSelected([]);
    },
    onError: (error) => {
      message.error(
        t('team.salary.payout.failed', {
          title: t('team.salary.payout.batchPayFailedTitle'),
          reason: errorMessage(error, unknown),
        }),
      );
    },
    onSettled: reload,
  });

  const confirmPay = (user: SalaryCandidate) => {
    const on = date;
    modal.confirm({
      title: t('team.salary.payout.payTitle'),
      content: (
        <Flex vertical gap={4} data-testid="salary-confirm-content">
          <span>
            {t('team.salary.payout.payAskBefore')}
            <Typography.Text strong>{user.email}</Typography.Text>
            {t('team.salary.payout.payAskAfter', { date: payoutDateKey(on) })}
          </span>
          <span>
            {t('team.salary.payout.payLevel', { level: user.salaryLevel })}{' '}
            <Typography.Text strong>{usdt(user.salaryAmount)}</Typography.Text>
            {t('team.salary.payout.toBalance')}
          </span>
        </Flex>
      ),
      okText: t('team.salary.payout.confirmPay'),
      cancelText: t('team.salary.payout.cancel'),
      // The dialog stays open (its button loading) until the server has answered.
      onOk: () => pay.mutateAsync({ user, on }).catch(() => undefined),
    });
  };

  const confirmBatch = () => {
    const users = rows.filter((u) => selected.includes(u.userId) && u.paid === null);
    if (users.length === 0) {
      message.warning(t('team.salary.payout.selectUsers'));
      return;
    }
    const on = date;
    modal.confirm({
      title: t('team.salary.payout.batchTitle'),
      content: (
        <Flex vertical gap={4} data-testid="salary-confirm-content">
          <span>
            {t('team.salary.payout.batchAsk', {
              count: users.length,
              n: users.length,
              date: payoutDateKey(on),
            })}
          </span>
          <span>
            {t('team.salary.payout.total')} <Typography.Text strong>{usdt(totalOf(users))}</Typography.Text>
            {t('team.salary.payout.toBalance')}
          </span>
        </Flex>
      ),
      okText: t('team.salary.payout.confirmPay'),
      cancelText: t('team.salary.payout.cancel'),
      onOk: () => batch.mutateAsync({ users, on }).catch(() => undefined),
    });
  };

  const exportReport = async () => {
    setExporting(true);
    try {
      const file = await downloadSalaryExport(date);
      const rows =
        file.rows === null
          ? ''
          : t('team.salary.payout.exportedRows', { count: file.rows, n: formatCount(file.rows) });
      message.success(t('team.salary.payout.exported', { name: file.name, rows }));
      if (file.truncated)
        message.warning(
          t('team.salary.payout.truncated', { count: file.rows ?? 0, n: formatCount(file.rows ?? 0) }),
          8,
        );
    } catch (error) {
      message.error(t('team.salary.payout.exportFailed', { reason: errorMessage(error, unknown) }));
    } finally {
      setExporting(false);
    }
  };

  const today = beijingToday();
  // The browser's clock, and the server's once it has answered for this date.
  const future = isFuturePayoutDate(date) || data?.due === false;
  // Why a future payout date's pay buttons are disabled (their tooltip).
  const payDisabledReason = future ? t('team.salary.payout.notDueTip') : null;
  const pagination = data?.pagination;
  const selectedUsers = rows.filter((u) => selected.includes(u.userId));
  const paying = new Set<number>([
    ...(pay.isPending && pay.variables ? [pay.variables.user.userId] : []),
    ...(batch.isPending && batch.variables ? batch.variables.users.map((u) => u.userId) : []),
  ]);

  return (
    <Flex vertical gap={16} data-testid="salary-payout">
      <Card size="small">
        <Flex wrap gap={8} align="center">
          <Select
            value={draft.year}
            options={yearOptions(data?.payoutYears, draft.year)}
            onChange={(year) => setDraft((d) => ({ ...d, year }))}
            style={{ width: 110 }}
            aria-label={t('team.salary.payout.yearLabel')}
            data-testid="salary-year"
          />
          <Select
            value={draft.month}
            options={monthOptions()}
            onChange={(month) => setDraft((d) => ({ ...d, month }))}
            // 11 月 or its English, Month 11, whole.
            style={{ width: 116 }}
            aria-label={t('team.salary.payout.monthLabel')}
            data-testid="salary-month"
          />
          <Select
            value={draft.day}
            options={payDayOptions()}
            onChange={(day) => setDraft((d) => ({ ...d, day }))}
            style={{ width: 90 }}
            aria-label={t('team.salary.payout.dayLabel')}
            data-testid="salary-day"
          />
          <Button
            type="primary"
            icon={<SearchOutlined />}
            onClick={() => (sameDate(draft, date) ? void query.refetch() : onQuery(draft))}
            loading={query.isFetching}
            data-testid="salary-query"
          >
            {t('team.salary.payout.query')}
          </Button>
          <Button
            icon={<DownloadOutlined />}
            loading={exporting}
            onClick={() => void exportReport()}
            data-testid="salary-export"
          >
            {t('team.salary.payout.export')}
          </Button>
          {!sameDate(draft, date) && (
            <Typography.Text type="warning" style={{ fontSize: 12 }} data-testid="salary-draft-hint">
              {t('team.salary.payout.draftHint', { date: payoutDateKey(draft) })}
            </Typography.Text>
          )}
        </Flex>
      </Card>

      {future && (
        <Alert
          type="warning"
          showIcon
          title={t('team.salary.payout.future', {
            date: dateKey,
            today,
            notDue: t('team.salary.payout.notDueYet'),
          })}
          data-testid="salary-future"
        />
      )}

      {query.isError && !data ? (
        <LoadErrorView
          title={LOAD_FAILED}
          reason={errorMessage(query.error, LOAD_FAILED)}
          onRetry={() => void query.refetch()}
          retrying={query.isFetching}
        />
      ) : (
        <Card size="small" title={t('team.salary.payout.listTitle', { date: dateKey })}>
          <Typography.Paragraph
            type="secondary"
            style={{ marginBottom: 4, fontSize: 12 }}
            data-testid="salary-as-of"
          >
            {t('team.salary.payout.asOf', { date: dateKey })}
          </Typography.Paragraph>
          {data && (
            <Typography.Paragraph type="secondary" data-testid="salary-summary" style={{ marginBottom: 12 }}>
              {t('team.salary.payout.summary', {
                eligible: formatCount(data.summary.eligible),
                paid: formatCount(data.summary.paid),
              })}{' '}
              <Typography.Text strong>{usdt(data.summary.unpaidAmount)}</Typography.Text>
            </Typography.Paragraph>
          )}
          {query.isError && (
            <Alert
              type="warning"
              showIcon
              style={{ marginBottom: 12 }}
              title={t('team.salary.payout.failed', {
                title: LOAD_FAILED,
                reason: errorMessage(query.error, LOAD_FAILED),
              })}
            />
          )}
          {selectedUsers.length > 0 && (
            <Flex
              justify="space-between"
              align="center"
              wrap
              gap={8}
              style={{ marginBottom: 12 }}
              data-testid="salary-selection"
            >
              <Typography.Text>
                {t('team.salary.payout.selection', { count: selectedUsers.length, n: selectedUsers.length })}{' '}
                <Typography.Text strong>{usdt(totalOf(selectedUsers))}</Typography.Text>
              </Typography.Text>
              <Flex gap={8}>
                <Button size="small" onClick={() => setSelected([])} data-testid="salary-selection-clear">
                  {t('team.salary.payout.clearSelection')}
                </Button>
                <Tooltip title={payDisabledReason}>
                  <Button
                    size="small"
                    type="primary"
                    icon={<SendOutlined />}
                    disabled={payDisabledReason !== null}
                    loading={batch.isPending}
                    onClick={confirmBatch}
                    data-testid="salary-batch-pay"
                  >
                    {t('team.salary.payout.batchPay', {
                      count: selectedUsers.length,
                      n: selectedUsers.length,
                    })}
                  </Button>
                </Tooltip>
              </Flex>
            </Flex>
          )}
          <EligibleUsersTable
            rows={rows}
            loading={query.isFetching}
            selected={selected}
            onSelect={setSelected}
            paying={paying}
            onPay={confirmPay}
            payDisabledReason={payDisabledReason}
            emptyText={query.isPending ? t('team.salary.payout.loading') : t('team.salary.payout.empty')}
          />
          <ListFooter
            pagination={pagination}
            page={page}
            noun={t('team.salary.payout.noun')}
            onChange={onPage}
            testId="salary"
          />
        </Card>
      )}
    </Flex>
  );
}
