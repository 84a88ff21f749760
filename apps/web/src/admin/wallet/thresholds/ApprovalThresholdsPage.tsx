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
import { LoadErrorView } from '../../../components/LoadErrorView.tsx';
import { PageLoading } from '../../../components/PageLoading.tsx';
import { errorMessage } from '../../../lib/request.ts';
import { useSessionSnapshot } from '../../../lib/session.tsx';
import { fetchThresholds, saveThresholds, THRESHOLDS_QUERY_KEY } from './thresholdsApi.ts';

const LOAD_FAILED = '获取复核阈值失败';
const SAVE_FAILED = '保存复核阈值失败';

type Field = keyof ApprovalThresholdsBody;

const FIELDS: { name: Field; label: string; help: string }[] = [
  {
    name: 'deposit',
    label: '充值审核阈值',
    help: '金额达到或超过此值的充值，需要两位不同的管理员先后审核通过才入账。',
  },
  {
    name: 'withdrawal',
    label: '提现审核阈值',
    help: '金额达到或超过此值的提现，需要两位不同的管理员审核后才能变更为「已通过」。',
  },
  {
    name: 'payout',
    label: '工资 / 奖励发放阈值',
    help: '单笔或一批（按合计）达到或超过此值的工资、团队奖励发放，需要另一位管理员发放同样内容才完成。',
  },
];

/** The same rule as the server (approvalThresholdsBody): the server's Chinese message, before the call. */
const ruleFor =
  (name: Field): Rule =>
  () => ({
    validator: async (_, value: unknown) => {
      const result = approvalThresholdsBody.shape[name].safeParse(value ?? undefined);
      if (!result.success) throw new Error(result.error.issues[0]?.message ?? '格式不正确');
    },
  });

/**
 * 复核阈值 (dual control, issue 17): the USDT amounts at or above which a deposit, a withdrawal or a
 * salary / reward payout needs a second admin. A super admin edits them; a plain admin sees them
 * read-only.
 */
export default function ApprovalThresholdsPage() {
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
      message.error(`${SAVE_FAILED}: ${errorMessage(error, '未知错误')}`);
    },
  });

  if (query.isPending) return <PageLoading />;
  if (!query.data)
    return (
      <LoadErrorView
        title={LOAD_FAILED}
        reason={errorMessage(query.error, LOAD_FAILED)}
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
      />
    );
  const data = query.data;

  return (
    <Flex vertical gap={16} data-testid="approval-thresholds-page">
      <Typography.Title level={4} style={{ margin: 0 }}>
        复核阈值
      </Typography.Title>
      <Alert
        type="info"
        showIcon
        title="双人复核"
        description="达到阈值的操作，第一位管理员审核后显示「待复核」且不动资金；需要另一位管理员再次审核才完成。同一位管理员不能完成自己发起的审核，任何管理员的拒绝立即生效。金额以 USDT 计，其他币种按参考价折算，无参考价时一律需要双人复核。"
      />
      {!canEdit && (
        <Alert
          type="warning"
          showIcon
          title="只有超级管理员可以修改复核阈值，当前为只读。"
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
              key={field.name}
              name={field.name}
              label={field.label}
              extra={field.help}
              rules={[ruleFor(field.name)]}
              validateTrigger={['onChange', 'onBlur']}
            >
              <Input
                inputMode="decimal"
                suffix={data.currency}
                style={{ maxWidth: 280 }}
                data-testid={`approval-threshold-${field.name}`}
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
              保存
            </Button>
          )}
        </Form>
        <Typography.Text type="secondary" style={{ display: 'block', marginTop: 12, fontSize: 12 }}>
          {data.updated_at
            ? `最近修改：${data.updated_by ?? '—'}，${formatDateTime(data.updated_at)}`
            : `当前为系统默认值（充值 ${DEFAULT_APPROVAL_THRESHOLDS.deposit}、提现 ${DEFAULT_APPROVAL_THRESHOLDS.withdrawal}、发放 ${DEFAULT_APPROVAL_THRESHOLDS.payout} USDT）`}
        </Typography.Text>
      </Card>
    </Flex>
  );
}
