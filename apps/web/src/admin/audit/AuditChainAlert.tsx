import { type AuditChainState, checkAuditChain } from '@platform/contracts';
import { formatDateTime } from '@platform/domain';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button } from 'antd';
import { call, errorMessage } from '../../lib/request.ts';

export const AUDIT_CHAIN_KEY = ['admin', 'audit-chain'] as const;
const CHAIN_LOAD_ERROR = '哈希链校验失败';
const CHAIN_TIMEOUT_MS = 120_000;

/** Where the chain breaks, in one line: ID 12（序号 7）：内容已被修改… */
function breakText(state: AuditChainState): string {
  const b = state.first_broken;
  if (!b) return '';
  const where =
    b.id === null
      ? `序号 ${b.seq ?? '-'} 起的记录缺失`
      : `ID ${b.id}${b.seq === null ? '' : `（序号 ${b.seq}）`}`;
  return `第一处异常：${where}：${b.reason}`;
}

/**
 * The audit log's hash chain state at the top of 审计日志: 完整 (every row verified) or 已被篡改 at
 * the first row that does not verify (GET /api/admin/audit/chain recomputes the whole chain).
 */
export function AuditChainAlert() {
  const query = useQuery({
    queryKey: AUDIT_CHAIN_KEY,
    // A full recomputation: seconds on a log of hundreds of thousands of rows, so a longer timeout.
    queryFn: ({ signal }) =>
      call(checkAuditChain, { signal, timeoutMs: CHAIN_TIMEOUT_MS }).then((r) => r.data),
    staleTime: 60_000,
  });
  const recheck = (
    <Button
      size="small"
      onClick={() => void query.refetch()}
      loading={query.isFetching}
      data-testid="audit-chain-recheck"
    >
      重新校验
    </Button>
  );

  if (query.isPending) {
    return <Alert type="info" showIcon title="正在校验审计日志哈希链…" data-testid="audit-chain" />;
  }
  if (query.isError) {
    return (
      <Alert
        type="warning"
        showIcon
        title={`${CHAIN_LOAD_ERROR}: ${errorMessage(query.error, CHAIN_LOAD_ERROR)}`}
        action={recheck}
        data-testid="audit-chain"
      />
    );
  }
  const state = query.data;
  const checkedAt = `校验时间 ${formatDateTime(state.verified_at)}`;
  if (state.ok) {
    return (
      <Alert
        type="success"
        showIcon
        title="审计日志哈希链完整"
        description={`共 ${state.rows} 条记录逐条重算哈希，均未被修改、删除或重排（${checkedAt}）`}
        action={recheck}
        data-testid="audit-chain"
      />
    );
  }
  return (
    <Alert
      type="error"
      showIcon
      title={`审计日志已被篡改：${breakText(state)}`}
      description={`此前 ${state.rows} 条记录校验通过；请立即排查数据库访问记录（${checkedAt}）`}
      action={recheck}
      data-testid="audit-chain"
    />
  );
}
