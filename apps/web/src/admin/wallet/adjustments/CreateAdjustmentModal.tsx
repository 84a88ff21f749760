import { DEFAULT_CURRENCY, MAX_ADJUSTMENT_REASON, signedAdjustmentAmount } from '@platform/contracts';
import { amountPrecisionProblem, formatExactAmount } from '@platform/domain';
import { App, type ButtonProps, Form, Input, Modal, Typography } from 'antd';
import { useState } from 'react';
import { useActionKeys } from '../../../lib/idempotency.ts';
import { errorMessage } from '../../../lib/request.ts';
import { createAdjustment, type FoundUser, lookupUser } from './adjustmentsApi.ts';

const CURRENCY_PATTERN = /^[A-Z0-9]{2,12}$/;

interface FormValues {
  user: string;
  currency: string;
  amount: string;
  reason: string;
}

/** Why `amount` cannot be proposed in `currency` (format, zero, precision); null when it can. */
export function adjustmentAmountProblem(amount: string, currency: string): string | null {
  const text = amount.trim();
  if (!text) return '请输入调整金额';
  // The server's schema: the format first, then zero.
  const parsed = signedAdjustmentAmount.safeParse(text);
  if (!parsed.success) return parsed.error.issues[0]?.message ?? '调整金额格式不正确';
  return CURRENCY_PATTERN.test(currency) ? amountPrecisionProblem(parsed.data, currency, '调整') : null;
}

/**
 * 新建调整: the user (id or e-mail), currency, signed amount and reason; a confirmation repeats what
 * will be proposed. Nothing moves until a different admin approves it.
 */
export function CreateAdjustmentModal({
  open,
  onClose,
  onCreated,
}: {
  open: boolean;
  onClose: () => void;
  onCreated: () => void;
}) {
  const { message, modal } = App.useApp();
  const [form] = Form.useForm<FormValues>();
  const [checking, setChecking] = useState(false);
  const keys = useActionKeys();

  const submit = async (values: FormValues) => {
    const currency = values.currency.trim().toUpperCase();
    const amount = values.amount.trim().replace(/^\+/, '');
    const reason = values.reason.trim();
    setChecking(true);
    let user: FoundUser | null;
    try {
      user = await lookupUser(values.user);
    } catch (error) {
      message.error(`查找用户失败: ${errorMessage(error, '未知错误')}`);
      return;
    } finally {
      setChecking(false);
    }
    if (!user) {
      form.setFields([{ name: 'user', errors: ['未找到该用户，请输入正确的用户ID或邮箱'] }]);
      return;
    }
    const found = user;
    const debit = amount.startsWith('-');
    modal.confirm({
      title: '确认提交余额调整',
      content: (
        <div data-testid="adjustment-confirm">
          <p>
            用户：{found.email}（ID {found.id}）
          </p>
          <p>
            {debit ? '扣减' : '增加'}：
            <strong>{formatExactAmount(amount.replace(/^-/, ''), currency)}</strong>
          </p>
          <p>原因：{reason}</p>
          <Typography.Text type="secondary">提交后需另一位管理员复核通过才会入账。</Typography.Text>
        </div>
      ),
      okText: '提交',
      cancelText: '取消',
      onOk: async () => {
        const body = { user_id: found.id, currency, amount, reason };
        // The same proposal already sent from another dialog (下一步 pressed twice): not twice.
        if (keys.isRunning(body)) return;
        try {
          await keys.run(body, (key) => createAdjustment(body, key));
          message.success('余额调整已提交，等待另一位管理员复核');
          form.resetFields();
          onCreated();
          onClose();
        } catch (error) {
          message.error(`提交失败: ${errorMessage(error, '未知错误')}`);
        }
      },
    });
  };

  return (
    <Modal
      open={open}
      title="新建余额调整"
      okText="下一步"
      cancelText="取消"
      confirmLoading={checking}
      onOk={() => form.submit()}
      onCancel={() => {
        form.resetFields();
        onClose();
      }}
      okButtonProps={{ 'data-testid': 'adjustment-form-ok' } as ButtonProps}
      forceRender
    >
      <Form<FormValues>
        form={form}
        layout="vertical"
        initialValues={{ currency: DEFAULT_CURRENCY }}
        onFinish={(values) => void submit(values)}
      >
        <Form.Item
          name="user"
          label="用户"
          rules={[{ required: true, whitespace: true, message: '请输入用户ID或邮箱' }]}
        >
          <Input placeholder="用户ID 或 邮箱" maxLength={200} data-testid="adjustment-user" />
        </Form.Item>
        <Form.Item
          name="currency"
          label="币种"
          normalize={(value: string) => value.toUpperCase()}
          rules={[
            { required: true, whitespace: true, message: '请输入币种' },
            { pattern: CURRENCY_PATTERN, message: '币种格式不正确' },
          ]}
        >
          <Input maxLength={12} data-testid="adjustment-currency" />
        </Form.Item>
        <Form.Item
          name="amount"
          label="调整金额"
          required
          extra="正数增加余额，负数扣减余额，如 100 或 -50"
          dependencies={['currency']}
          rules={[
            ({ getFieldValue }) => ({
              validator: (_, value: string | undefined) => {
                const problem = adjustmentAmountProblem(
                  value ?? '',
                  String(getFieldValue('currency') ?? '')
                    .trim()
                    .toUpperCase(),
                );
                return problem ? Promise.reject(new Error(problem)) : Promise.resolve();
              },
            }),
          ]}
        >
          <Input placeholder="如 100 或 -50" maxLength={40} data-testid="adjustment-amount" />
        </Form.Item>
        <Form.Item
          name="reason"
          label="调整原因"
          rules={[
            { required: true, whitespace: true, message: '请输入调整原因' },
            { max: MAX_ADJUSTMENT_REASON, message: `调整原因不能超过${MAX_ADJUSTMENT_REASON}个字符` },
          ]}
        >
          <Input.TextArea
            rows={3}
            maxLength={MAX_ADJUSTMENT_REASON}
            showCount
            placeholder="如：冲正 2024-05-01 错误入账（充值 #123）"
            data-testid="adjustment-reason"
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
