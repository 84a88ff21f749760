import {
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
import type { TFunction } from 'i18next';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { unloadedView } from '../../components/LoadErrorView.tsx';
import { call, errorMessage } from '../../lib/request.ts';
import { changeKindIn } from '../changes/changeKind.ts';
import { OpenProposals } from '../changes/OpenProposals.tsx';

export const SUPPORT_CONTACT_KEY = ['admin', 'home', 'support-contact'] as const;

const contactText = (t: TFunction<'admin'>, value: unknown) => {
  const c = value as Partial<SupportContact> | null;
  return c?.value
    ? t('home.support.contact', { label: c.label ?? '', value: c.value })
    : t('home.support.notSet');
};

/**
 * 客服联系方式 (issue 33): what the user app shows in 我的 and beside every 联系客服 message. A save
 * is a proposal another admin approves (a link pointed at an insider's own account could scam users);
 * the open proposals are listed here until they are decided on 待生效变更.
 */
export function SupportContactTab() {
  const { t, i18n } = useTranslation('admin');
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
    onError: (error) =>
      message.error(t('home.support.submitFailed', { reason: errorMessage(error, t('home.unknownError')) })),
  });

  if (!query.data) return unloadedView(query, t('home.support.loadFailed'));
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
        title={t('home.support.alertTitle')}
        description={t('home.support.alertText')}
      />
      <Descriptions
        column={1}
        size="small"
        items={[
          {
            key: 'current',
            label: t('home.support.current'),
            children: <span data-testid="support-current">{contactText(t, contact)}</span>,
          },
        ]}
      />
      <Form<SupportContact>
        form={form}
        layout="vertical"
        onFinish={(values) => save.mutate(values)}
        data-testid="support-contact-form"
      >
        <Form.Item label={t('home.support.label')} name="label" rules={[check('label')]}>
          <Input maxLength={SUPPORT_LABEL_MAX} placeholder={t('home.support.labelPlaceholder')} />
        </Form.Item>
        <Form.Item label={t('home.support.value')} name="value" rules={[check('value')]}>
          <Input maxLength={SUPPORT_VALUE_MAX} placeholder={t('home.support.valuePlaceholder')} />
        </Form.Item>
        <Button
          type="primary"
          htmlType="submit"
          loading={save.isPending}
          data-testid="support-contact-submit"
        >
          {t('home.support.submit')}
        </Button>
      </Form>
      <OpenProposals
        pending={pending}
        testId="support-pending"
        summary={(c) =>
          t('home.support.summary', {
            kind: changeKindIn(i18n.language, c.kind),
            before: contactText(t, c.before),
            after: contactText(t, c.after),
          })
        }
      />
    </Flex>
  );
}
