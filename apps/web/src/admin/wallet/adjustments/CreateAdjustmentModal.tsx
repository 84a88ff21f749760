import { DEFAULT_CURRENCY, MAX_ADJUSTMENT_REASON, signedAdjustmentAmount } from '@platform/contracts';
import { amountPrecisionProblem, formatExactAmount } from '@platform/domain';
import { App, type ButtonProps, Form, Input, Modal, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { i18n } from '../../../i18n/index.ts';
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
  if (!text) return i18n.t('admin:adjustmentForm.amountRequired');
  // The server's schema: the format first, then zero.
  const parsed = signedAdjustmentAmount.safeParse(text);
  if (!parsed.success) return parsed.error.issues[0]?.message ?? i18n.t('admin:adjustmentForm.amountFormat');
  return CURRENCY_PATTERN.test(currency)
    ? // i18n-exempt: the label of the domain's precision message, which is Chinese only for now (packages/domain)
      amountPrecisionProblem(parsed.data, currency, '调整')
    : null;
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
  const { t } = useTranslation('admin');
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
      message.error(
        t('adjustmentForm.lookupFailed', { reason: errorMessage(error, t('adjustmentForm.unknownError')) }),
      );
      return;
    } finally {
      setChecking(false);
    }
    if (!user) {
      form.setFields([{ name: 'user', errors: [t('adjustmentForm.userNotFound')] }]);
      return;
    }
    const found = user;
    const debit = amount.startsWith('-');
    modal.confirm({
      title: t('adjustmentForm.confirmTitle'),
      content: (
        <div data-testid="adjustment-confirm">
          <p>{t('adjustmentForm.confirmUser', { email: found.email, id: found.id })}</p>
          <p>
            {t(debit ? 'adjustmentForm.debit' : 'adjustmentForm.credit')}
            <strong>{formatExactAmount(amount.replace(/^-/, ''), currency)}</strong>
          </p>
          <p>{t('adjustmentForm.confirmReason', { reason })}</p>
          <Typography.Text type="secondary">{t('adjustmentForm.confirmHint')}</Typography.Text>
        </div>
      ),
      okText: t('adjustmentForm.submit'),
      cancelText: t('adjustmentForm.cancel'),
      onOk: async () => {
        const body = { user_id: found.id, currency, amount, reason };
        // The same proposal already sent from another dialog (下一步 pressed twice): not twice.
        if (keys.isRunning(body)) return;
        try {
          await keys.run(body, (key) => createAdjustment(body, key));
          message.success(t('adjustmentForm.submitted'));
          form.resetFields();
          onCreated();
          onClose();
        } catch (error) {
          message.error(
            t('adjustmentForm.submitFailed', {
              reason: errorMessage(error, t('adjustmentForm.unknownError')),
            }),
          );
        }
      },
    });
  };

  return (
    <Modal
      open={open}
      title={t('adjustmentForm.title')}
      okText={t('adjustmentForm.next')}
      cancelText={t('adjustmentForm.cancel')}
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
          label={t('adjustmentForm.user')}
          rules={[{ required: true, whitespace: true, message: t('adjustmentForm.userRequired') }]}
        >
          <Input
            placeholder={t('adjustmentForm.userPlaceholder')}
            maxLength={200}
            data-testid="adjustment-user"
          />
        </Form.Item>
        <Form.Item
          name="currency"
          label={t('adjustmentForm.currency')}
          normalize={(value: string) => value.toUpperCase()}
          rules={[
            { required: true, whitespace: true, message: t('adjustmentForm.currencyRequired') },
            { pattern: CURRENCY_PATTERN, message: t('adjustmentForm.currencyFormat') },
          ]}
        >
          <Input maxLength={12} data-testid="adjustment-currency" />
        </Form.Item>
        <Form.Item
          name="amount"
          label={t('adjustmentForm.amount')}
          required
          extra={t('adjustmentForm.amountHint')}
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
          <Input
            placeholder={t('adjustmentForm.amountPlaceholder')}
            maxLength={40}
            data-testid="adjustment-amount"
          />
        </Form.Item>
        <Form.Item
          name="reason"
          label={t('adjustmentForm.reason')}
          rules={[
            { required: true, whitespace: true, message: t('adjustmentForm.reasonRequired') },
            {
              max: MAX_ADJUSTMENT_REASON,
              message: t('adjustmentForm.reasonTooLong', { max: MAX_ADJUSTMENT_REASON }),
            },
          ]}
        >
          <Input.TextArea
            rows={3}
            maxLength={MAX_ADJUSTMENT_REASON}
            showCount
            placeholder={t('adjustmentForm.reasonPlaceholder')}
            data-testid="adjustment-reason"
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
