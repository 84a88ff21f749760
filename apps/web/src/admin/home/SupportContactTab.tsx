import {
  changeKindLabel,
  changeProposedMessage,
  getAdminSupportContact,
  proposeSupportContact,
  SUPPORT_LABEL_MAX,
  SUPPORT_VALUE_MAX,
  type SupportContact,
  supportContact,
} from '@platform/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Descriptions, Flex, Form, Input } from 'antd';
import { useEffect } from 'react';
import { LoadErrorView } from '../../components/LoadErrorView.tsx';
import { PageLoading } from '../../components/PageLoading.tsx';
import { call, errorMessage } from '../../lib/request.ts';
import { OpenProposals } from '../changes/OpenProposals.tsx';

export const SUPPORT_CONTACT_KEY = ['admin', 'home', 'support-contact'] as const;
const LOAD_FAILED = '获取客服联系方式失败';

const contactText = (value: unknown) => {
  const c = value as Partial<SupportContact> | null;
  return c?.value ? `${c.label ?? ''}：${c.value}` : '未配置';
};

/**
 * 客服联系方式 (issue 33): what the user app shows in 我的 and beside every 联系客服 message. A save
 * is a proposal another admin approves (a link pointed at an insider's own account could scam users);
 * the open proposals are listed here until they are decided on 待生效变更.
 */
export function SupportContactTab() {
  const { message } = App.useApp();
  const client = useQueryClient();
  const [form] = Form.useForm<SupportContact>();
  const query = useQuery({
    queryKey: SUPPORT_CONTACT_KEY,
    queryFn: ({ signal }) => call(getAdminSupportContact, { signal }).then((r) => r.data),
  });
  useEffect(() => {
    if (query.data?.contact) form.setFieldsValue(query.data.contact);
  }, [query.data, form]);
  const save = useMutation({
    mutationFn: (body: SupportContact) => call(proposeSupportContact, { body }),
    onSuccess: (reply) => {
      message.success(reply.message || changeProposedMessage(reply.data.change));
      void client.invalidateQueries({ queryKey: SUPPORT_CONTACT_KEY });
    },
    onError: (error) => message.error(`提交失败：${errorMessage(error, '未知错误')}`),
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
  const { contact, pending } = query.data;
  const check = (field: keyof SupportContact) => ({
    validator: async () => {
      const parsed = supportContact.safeParse(form.getFieldsValue());
      const issue = parsed.success ? undefined : parsed.error.issues.find((i) => i.path[0] === field);
      if (issue) throw new Error(issue.message);
    },
  });

  return (
    <Flex vertical gap={16} style={{ maxWidth: 640 }} data-testid="support-contact-tab">
      <Alert
        type="info"
        showIcon
        title="修改需另一位管理员批准"
        description="用户在「我的 → 联系客服」和每条“请联系客服”的提示旁看到这里的联系方式。只接受 https:// 链接、mailto: 邮箱或一个账号（如 @客服账号）；提交后在「待生效变更」由另一位管理员批准才生效。"
      />
      <Descriptions
        column={1}
        size="small"
        items={[
          {
            key: 'current',
            label: '当前生效',
            children: (
              <span data-testid="support-current">
                {contact ? `${contact.label}：${contact.value}` : '未配置'}
              </span>
            ),
          },
        ]}
      />
      <Form<SupportContact>
        form={form}
        layout="vertical"
        onFinish={(values) => save.mutate(values)}
        data-testid="support-contact-form"
      >
        <Form.Item label="客服名称" name="label" rules={[check('label')]}>
          <Input maxLength={SUPPORT_LABEL_MAX} placeholder="如：在线客服" />
        </Form.Item>
        <Form.Item label="链接或账号" name="value" rules={[check('value')]}>
          <Input maxLength={SUPPORT_VALUE_MAX} placeholder="https://…、mailto:…或 @账号" />
        </Form.Item>
        <Button
          type="primary"
          htmlType="submit"
          loading={save.isPending}
          data-testid="support-contact-submit"
        >
          提交变更
        </Button>
      </Form>
      <OpenProposals
        pending={pending}
        testId="support-pending"
        summary={(c) => `${changeKindLabel(c.kind)}：${contactText(c.before)} → ${contactText(c.after)}`}
      />
    </Flex>
  );
}
