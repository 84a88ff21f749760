import {
  type ApprovalThresholdsBody,
  approvalThresholdsBody,
  changeProposedMessage,
  DEFAULT_APPROVAL_THRESHOLDS,
} from '@platform/contracts';
import { formatDateTime, isSuperAdmin } from '@platform/domain';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Alert, App, Button, Card, Flex, Form, Input, Typography } from 'antd';
import type { Rule } from 'antd/es/form';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { unloadedView } from '../../../components/LoadErrorView.tsx';
import { errorMessage } from '../../../lib/request.ts';
import { useSessionSnapshot } from '../../../lib/session.tsx';
import { fetchThresholds, saveThresholds, THRESHOLDS_QUERY_KEY } from './thresholdsApi.ts';

type Field = keyof ApprovalThresholdsBody;

const FIELDS: readonly Field[] = ['deposit', 'withdrawal', 'payout'];

/** The same rule as the server (approvalThresholdsBody): the server's Chinese message, before the call. */
const ruleFor =
  (name: Field, invalid: string): Rule =>
  () => ({
    validator: async (_, value: unknown) => {
      const result = approvalThresholdsBody.shape[name].safeParse(value ?? undefined);
      if (!result.success) throw new Error(result.error.issues[0]?.message ?? invalid);
    },
  });

/**
 * 复核阈值 (dual control, issue 17): the USDT amounts at or above which a deposit, a withdrawal or a
 * salary / reward payout needs a second admin. A super admin edits them; a plain admin sees them
 * read-only.
 */
export default function ApprovalThresholdsPage() {
  const { t } = useTranslation('admin');
  const { message } = App.useApp();
  const { user } = useSessionSnapshot();
  const canEdit = isSuperAdmin(user);
  const [form] = Form.useForm<ApprovalThresholdsBody>();
  const query = useQuery({
    queryKey: THRESHOLDS_QUERY_KEY,
    queryFn: ({ signal }) => fetchThresholds(signal),
  });

  useEffect(() => {
    if (query.data)
      form.setFieldsValue({
        deposit: query.data.deposit,
        withdrawal: query.data.withdrawal,
        payout: query.data.payout,
      });
  }, [query.data, form]);

  const save = useMutation({
    mutationFn: saveThresholds,
    // A proposal another super admin approves (or, alone, taking effect in 24 h): 待生效变更.
    onSuccess: (reply) => {
      message.success(reply.message || changeProposedMessage(reply.data.change));
    },
    onError: (error) => {
      message.error(
        t('thresholds.saveFailed', { reason: errorMessage(error, t('thresholds.unknownError')) }),
      );
    },
  });

  if (!query.data) return unloadedView(query, t('thresholds.loadFailed'));
  const data = query.data;

  return (
    <Flex vertical gap={16} data-testid="approval-thresholds-page">
      <Typography.Title level={4} style={{ margin: 0 }}>
        {t('menu.thresholds')}
      </Typography.Title>
      <Alert
        type="info"
        showIcon
        title={t('thresholds.dualControl')}
        description={t('thresholds.dualControlText')}
      />
      {!canEdit && (
        <Alert
          type="warning"
          showIcon
          title={t('thresholds.readOnly')}
          data-testid="approval-thresholds-readonly"
        />
      )}
      <Card size="small" style={{ maxWidth: 640 }}>
        <Form<ApprovalThresholdsBody>
          form={form}
          layout="vertical"
          disabled={!canEdit || save.isPending}
          onFinish={(values) => save.mutate(values)}
          requiredMark={false}
        >
          {FIELDS.map((field) => (
            <Form.Item
              key={field}
              name={field}
              label={t(`thresholds.fields.${field}.label`)}
              extra={t(`thresholds.fields.${field}.help`)}
              rules={[ruleFor(field, t('thresholds.invalid'))]}
              validateTrigger={['onChange', 'onBlur']}
            >
              <Input
                inputMode="decimal"
                suffix={data.currency}
                style={{ maxWidth: 280 }}
                data-testid={`approval-threshold-${field}`}
              />
            </Form.Item>
          ))}
          {canEdit && (
            <Button
              type="primary"
              htmlType="submit"
              loading={save.isPending}
              data-testid="approval-thresholds-save"
            >
              {t('thresholds.save')}
            </Button>
          )}
        </Form>
        <Typography.Text type="secondary" style={{ display: 'block', marginTop: 12, fontSize: 12 }}>
          {data.updated_at
            ? t('thresholds.lastChanged', {
                who: data.updated_by ?? '—',
                time: formatDateTime(data.updated_at),
              })
            : t('thresholds.defaults', DEFAULT_APPROVAL_THRESHOLDS)}
        </Typography.Text>
      </Card>
    </Flex>
  );
}
