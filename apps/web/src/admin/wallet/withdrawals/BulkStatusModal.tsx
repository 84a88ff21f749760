import { type AdminWithdrawal, WITHDRAWAL_STATUS_LABELS, type WithdrawalStatus } from '@platform/contracts';
import { canTransitionWithdrawal } from '@platform/domain';
import { Alert, Button, Flex, Input, Modal, Radio, Typography } from 'antd';
import { useState } from 'react';
import { useActionKeys } from '../../../lib/idempotency.ts';
import { errorMessage } from '../../../lib/request.ts';
import { bulkUpdateWithdrawalStatus, type WithdrawalBulkStatusData } from './withdrawalsApi.ts';

/** Targets in the order of the withdrawal's life. */
const TARGETS: WithdrawalStatus[] = ['reviewing', 'approved', 'processing', 'completed', 'rejected'];

export interface BulkStatusModalProps {
  open: boolean;
  rows: AdminWithdrawal[];
  onClose: () => void;
  /** Called after the call answered (the page reloads and clears the selection). */
  onDone: () => void;
}

/**
 * 批量操作: one target status for every selected row (and a reason for 已拒绝). The server moves each
 * row on its own; the dialog then shows how many moved and which were skipped, with the reason.
 */
export function BulkStatusModal({ open, rows, onClose, onDone }: BulkStatusModalProps) {
  const [target, setTarget] = useState<WithdrawalStatus | null>(null);
  const [note, setNote] = useState('');
  const [running, setRunning] = useState(false);
  const [result, setResult] = useState<WithdrawalBulkStatusData | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const keys = useActionKeys();

  const reset = () => {
    setTarget(null);
    setNote('');
    setResult(null);
    setFailure(null);
  };
  const close = () => {
    if (running) return;
    reset();
    onClose();
  };

  const eligible = (status: WithdrawalStatus) =>
    rows.filter((row) => canTransitionWithdrawal(row.status, status)).length;
  const needsNote = target === 'rejected';
  const canSubmit = target !== null && eligible(target) > 0 && (!needsNote || note.trim() !== '') && !running;

  const submit = async () => {
    if (!target) return;
    const body = { ids: rows.map((row) => row.id), status: target, adminNote: note.trim() || undefined };
    // A second click before the button shows it is loading: the same change, sent once.
    if (keys.isRunning(body)) return;
    setRunning(true);
    setFailure(null);
    try {
      const reply = await keys.run(body, (key) => bulkUpdateWithdrawalStatus(body, key));
      setResult(reply.data);
      onDone();
    } catch (error) {
      setFailure(`更新提现状态失败: ${errorMessage(error, '未知错误')}`);
    } finally {
      setRunning(false);
    }
  };

  const footer = result ? (
    <Button type="primary" onClick={close} data-testid="withdrawals-bulk-close">
      关闭
    </Button>
  ) : (
    <Flex justify="end" gap={8}>
      <Button onClick={close} disabled={running}>
        取消
      </Button>
      <Button
        type="primary"
        danger={needsNote}
        disabled={!canSubmit}
        loading={running}
        onClick={() => void submit()}
        data-testid="withdrawals-bulk-submit"
      >
        确定
      </Button>
    </Flex>
  );

  return (
    <Modal
      open={open}
      title={`批量操作（已选 ${rows.length} 条）`}
      onCancel={close}
      footer={footer}
      destroyOnHidden
    >
      {result ? (
        <Flex vertical gap={12} data-testid="withdrawals-bulk-result">
          <Alert
            type={result.skipped.length > 0 ? 'warning' : 'success'}
            showIcon
            title={`已处理 ${result.processedCount} 条，跳过 ${result.skipped.length} 条${
              result.awaitingSecondApprovalIds?.length
                ? `，${result.awaitingSecondApprovalIds.length} 条已记录审核，等待另一位管理员复核`
                : ''
            }`}
          />
          {result.skipped.length > 0 && (
            <Flex vertical gap={4}>
              <Typography.Text strong>跳过的记录</Typography.Text>
              <ul style={{ margin: 0, paddingLeft: 20 }}>
                {result.skipped.map((item) => (
                  <li key={item.id} data-testid={`withdrawals-bulk-skipped-${item.id}`}>
                    订单 #{item.id}：{item.reason}
                  </li>
                ))}
              </ul>
            </Flex>
          )}
        </Flex>
      ) : (
        <Flex vertical gap={12}>
          <Typography.Text>将所选提现申请的状态更改为：</Typography.Text>
          <Radio.Group
            value={target}
            onChange={(event) => setTarget(event.target.value as WithdrawalStatus)}
            data-testid="withdrawals-bulk-status"
          >
            <Flex vertical gap={6}>
              {TARGETS.map((status) => {
                const count = eligible(status);
                return (
                  <Radio
                    key={status}
                    value={status}
                    disabled={count === 0}
                    data-testid={`withdrawals-bulk-status-${status}`}
                  >
                    {WITHDRAWAL_STATUS_LABELS[status]}
                    <Typography.Text type="secondary" style={{ marginLeft: 8 }}>
                      （可处理 {count}/{rows.length} 条）
                    </Typography.Text>
                  </Radio>
                );
              })}
            </Flex>
          </Radio.Group>
          {needsNote && (
            <Flex vertical gap={4}>
              <Typography.Text>请输入拒绝原因:</Typography.Text>
              <Input.TextArea
                rows={3}
                maxLength={500}
                value={note}
                onChange={(event) => setNote(event.target.value)}
                data-testid="reason-input"
              />
            </Flex>
          )}
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            当前状态不允许此操作的记录会被跳过，完成后会列出原因。
          </Typography.Text>
          {failure && <Alert type="error" showIcon title={failure} />}
        </Flex>
      )}
    </Modal>
  );
}
