import { DownloadOutlined, SearchOutlined, SendOutlined } from '@ant-design/icons';
import {
  DEFAULT_PAGE_SIZE,
  DUAL_CONTROL_TEXTS,
  type PayoutDate,
  payoutDateKey,
  SALARY_CURRENCY,
  SALARY_TEXTS,
  type salarySkipReasons,
} from '@platform/contracts';
import { Decimal, formatCount, formatNumber } from '@platform/domain';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, Flex, Select, Tooltip, Typography } from 'antd';
import { useEffect, useState } from 'react';
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
  PAYOUT_DAY_OPTIONS,
  payUser,
  SALARY_QUERY_ROOT,
  type SalaryCandidate,
  yearOptions,
} from './salaryApi.ts';

const LOAD_FAILED = '获取工资发放名单失败';
const EXPORT_FAILED = '导出报表失败';

const SKIP_REASONS: Record<(typeof salarySkipReasons)[number], string> = {
  already_paid: '本期已发放',
  not_eligible: '未达到发放条件',
};

const MONTH_OPTIONS = Array.from({ length: 12 }, (_, i) => ({ value: i + 1, label: `${i + 1} 月` }));

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

/** Why a future payout date's pay buttons are disabled (their tooltip). */
const NOT_DUE_TIP = '未到发放日，不能提前发放';

/**
 * 发放管理: the payout date selectors (year 2024 or the earliest payout's to this year, month, day
 * 1/11/21) and 查询, the users eligible on the date with per-row 发放 and 批量发放 for the selected
 * unpaid ones (each confirmed, naming the date and the amount), the date's summary and 导出报表 (its
 * CSV). Eligibility is the level at the start of the payout date in Beijing (the server's asOf):
 * the hint under the title says so. A date after today cannot be paid: its pay buttons are disabled.
 */
export function SalaryPayoutTab({ date, page, onQuery, onPage }: SalaryPayoutTabProps) {
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
          `${DUAL_CONTROL_TEXTS.firstApprovalRecorded}（${result.payoutDate} L${result.level}，${formatNumber(result.amount, 2)} ${SALARY_CURRENCY}）`,
          6,
        );
        return;
      }
      message.success(
        `${SALARY_TEXTS.paid}：${result.payoutDate} L${result.level}，${formatNumber(result.amount, 2)} ${SALARY_CURRENCY}`,
      );
    },
    onError: (error) => {
      message.error(`${SALARY_TEXTS.payFailed}: ${errorMessage(error, '未知错误')}`);
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
          `${DUAL_CONTROL_TEXTS.firstApprovalRecorded}（${waiting.items.length} 人，合计 ${formatNumber(waiting.total, 2)} ${SALARY_CURRENCY}）：另一位管理员发放同一批用户即完成`,
          8,
        );
      else
        message.success(
          `${SALARY_TEXTS.batchPaid(result.paidCount)}，合计 ${formatNumber(result.totalAmount, 2)} ${SALARY_CURRENCY}`,
        );
      if (result.skipped.length > 0) {
        const names = result.skipped.map((skip) => {
          const user = users.find((u) => u.userId === skip.userId);
          return `${user?.email ?? `用户ID ${skip.userId}`}（${SKIP_REASONS[skip.reason] ?? skip.reason}）`;
        });
        message.warning(`已跳过 ${result.skipped.length} 人：${names.join('、')}`, 8);
      }
      setSelected([]);
    },
    onError: (error) => {
      message.error(`${SALARY_TEXTS.batchPayFailed}: ${errorMessage(error, '未知错误')}`);
    },
    onSettled: reload,
  });

  const confirmPay = (user: SalaryCandidate) => {
    const on = date;
    modal.confirm({
      title: '确认发放工资',
      content: (
        <Flex vertical gap={4} data-testid="salary-confirm-content">
          <span>
            确定为 <Typography.Text strong>{user.email}</Typography.Text> 发放 {payoutDateKey(on)} 的工资吗？
          </span>
          <span>
            等级 L{user.salaryLevel}，金额{' '}
            <Typography.Text strong>
              {formatNumber(user.salaryAmount, 2)} {SALARY_CURRENCY}
            </Typography.Text>
            ，将计入用户工资余额。
          </span>
        </Flex>
      ),
      okText: '确认发放',
      cancelText: '取消',
      // The dialog stays open (its button loading) until the server has answered.
      onOk: () => pay.mutateAsync({ user, on }).catch(() => undefined),
    });
  };

  const confirmBatch = () => {
    const users = rows.filter((u) => selected.includes(u.userId) && u.paid === null);
    if (users.length === 0) {
      message.warning(SALARY_TEXTS.selectUsers);
      return;
    }
    const on = date;
    modal.confirm({
      title: '确认批量发放工资',
      content: (
        <Flex vertical gap={4} data-testid="salary-confirm-content">
          <span>
            确定为选中的 {users.length} 位用户发放 {payoutDateKey(on)} 的工资吗？
          </span>
          <span>
            合计{' '}
            <Typography.Text strong>
              {formatNumber(totalOf(users), 2)} {SALARY_CURRENCY}
            </Typography.Text>
            ，将计入用户工资余额。
          </span>
        </Flex>
      ),
      okText: '确认发放',
      cancelText: '取消',
      onOk: () => batch.mutateAsync({ users, on }).catch(() => undefined),
    });
  };

  const exportReport = async () => {
    setExporting(true);
    try {
      const file = await downloadSalaryExport(date);
      const rows = file.rows === null ? '' : `（${formatCount(file.rows)} 人）`;
      message.success(`报表已导出：${file.name}${rows}`);
      if (file.truncated)
        message.warning(`报表行数超过上限，只导出了前 ${formatCount(file.rows ?? 0)} 人`, 8);
    } catch (error) {
      message.error(`${EXPORT_FAILED}: ${errorMessage(error, '未知错误')}`);
    } finally {
      setExporting(false);
    }
  };

  const today = beijingToday();
  // The browser's clock, and the server's once it has answered for this date.
  const future = isFuturePayoutDate(date) || data?.due === false;
  const payDisabledReason = future ? NOT_DUE_TIP : null;
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
            aria-label="发放年份"
            data-testid="salary-year"
          />
          <Select
            value={draft.month}
            options={MONTH_OPTIONS}
            onChange={(month) => setDraft((d) => ({ ...d, month }))}
            style={{ width: 90 }}
            aria-label="发放月份"
            data-testid="salary-month"
          />
          <Select
            value={draft.day}
            options={PAYOUT_DAY_OPTIONS}
            onChange={(day) => setDraft((d) => ({ ...d, day }))}
            style={{ width: 90 }}
            aria-label="发放日"
            data-testid="salary-day"
          />
          <Button
            type="primary"
            icon={<SearchOutlined />}
            onClick={() => (sameDate(draft, date) ? void query.refetch() : onQuery(draft))}
            loading={query.isFetching}
            data-testid="salary-query"
          >
            查询
          </Button>
          <Button
            icon={<DownloadOutlined />}
            loading={exporting}
            onClick={() => void exportReport()}
            data-testid="salary-export"
          >
            导出报表
          </Button>
          {!sameDate(draft, date) && (
            <Typography.Text type="warning" style={{ fontSize: 12 }} data-testid="salary-draft-hint">
              已选择 {payoutDateKey(draft)}，点击查询后生效
            </Typography.Text>
          )}
        </Flex>
      </Card>

      {future && (
        <Alert
          type="warning"
          showIcon
          title={`${dateKey} 尚未到发放日（北京时间今天是 ${today}）：${SALARY_TEXTS.notDueYet}，发放按钮已停用`}
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
        <Card size="small" title={`发放名单（${dateKey}）`}>
          <Typography.Paragraph
            type="secondary"
            style={{ marginBottom: 4, fontSize: 12 }}
            data-testid="salary-as-of"
          >
            按北京时间 {dateKey} 00:00 时的团队计算等级：此前注册、且此前首次充值审核通过的成员才计入
          </Typography.Paragraph>
          {data && (
            <Typography.Paragraph type="secondary" data-testid="salary-summary" style={{ marginBottom: 12 }}>
              达标 {formatCount(data.summary.eligible)} 人 · 已发放 {formatCount(data.summary.paid)} 人 ·
              未发放金额{' '}
              <Typography.Text strong>
                {formatNumber(data.summary.unpaidAmount, 2)} {SALARY_CURRENCY}
              </Typography.Text>
            </Typography.Paragraph>
          )}
          {query.isError && (
            <Alert
              type="warning"
              showIcon
              style={{ marginBottom: 12 }}
              title={`${LOAD_FAILED}: ${errorMessage(query.error, LOAD_FAILED)}`}
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
                已选 {selectedUsers.length} 人，合计{' '}
                <Typography.Text strong>
                  {formatNumber(totalOf(selectedUsers), 2)} {SALARY_CURRENCY}
                </Typography.Text>
              </Typography.Text>
              <Flex gap={8}>
                <Button size="small" onClick={() => setSelected([])} data-testid="salary-selection-clear">
                  取消选择
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
                    批量发放（{selectedUsers.length} 人）
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
            emptyText={query.isPending ? '加载中...' : '该发放日暂无达标用户'}
          />
          <ListFooter pagination={pagination} page={page} noun="人" onChange={onPage} testId="salary" />
        </Card>
      )}
    </Flex>
  );
}
