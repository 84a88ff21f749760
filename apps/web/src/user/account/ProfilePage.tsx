import { type ProfileBody, profileBody, updateProfile } from '@platform/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, Form, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageLoading } from '../../components/PageLoading.tsx';
import { contractText, i18n } from '../../i18n/index.ts';
import { call } from '../../lib/request.ts';
import { sessionStore } from '../../lib/session.tsx';
import { UserPage } from '../shell/UserPage.tsx';
import { AccountColumn, ME_KEY, RefreshError, useMe } from './useMe.tsx';

interface ProfileValues {
  nickname?: string;
  phone?: string;
}

/** The form's values as PATCH /auth/profile takes them: a blank field clears it (null). */
export function toProfileBody(values: ProfileValues): ProfileBody {
  return {
    nickname: values.nickname?.trim() || null,
    phone: values.phone?.trim() || null,
  };
}

const phoneRule = {
  validator: async (_rule: unknown, value: unknown) => {
    if (typeof value !== 'string' || value.trim() === '') return;
    const result = profileBody.shape.phone.safeParse(value);
    if (!result.success)
      throw new Error(
        contractText(result.error.issues[0]?.message ?? i18n.t('user:account.profile.phoneFormat')),
      );
  },
};

/** 个人资料: nickname and phone (e-mail is the login and fixed). */
export default function ProfilePage() {
  const { t } = useTranslation('user');
  const { query, user } = useMe();
  const queryClient = useQueryClient();
  const { message } = App.useApp();
  const [saved, setSaved] = useState<string | null>(null);

  const save = useMutation({
    mutationFn: async (values: ProfileValues) => call(updateProfile, { body: toProfileBody(values) }),
    onMutate: () => setSaved(null),
    onSuccess: (reply) => {
      sessionStore.updateUser(reply.data.user);
      queryClient.setQueryData(ME_KEY, reply.data.user);
      const text = reply.message || t('account.profile.saved');
      setSaved(text);
      message.success(text);
    },
  });

  if (!user) return <PageLoading />;
  return (
    <AccountColumn>
      <UserPage title={t('account.profile.title')} back="/me" testId="profile-page">
        <RefreshError query={query} />
        <Card>
          {saved && (
            <Alert
              type="success"
              showIcon
              title={saved}
              style={{ marginBottom: 16 }}
              data-testid="profile-success"
            />
          )}
          {save.isError && (
            <Alert
              type="error"
              showIcon
              title={save.error.message}
              style={{ marginBottom: 16 }}
              data-testid="profile-error"
            />
          )}
          <Form<ProfileValues>
            // A fresh reply resets the fields to what the server holds.
            key={`${user.nickname ?? ''}|${user.phone ?? ''}`}
            layout="vertical"
            initialValues={{ nickname: user.nickname ?? '', phone: user.phone ?? '' }}
            onFinish={(values) => save.mutate(values)}
            disabled={save.isPending}
          >
            <Form.Item label={t('account.profile.email')}>
              <Input value={user.email} disabled data-testid="profile-email" />
            </Form.Item>
            <Form.Item
              label={t('account.profile.nickname')}
              name="nickname"
              rules={[{ max: 50, message: t('account.profile.nicknameTooLong') }]}
            >
              <Input
                placeholder={t('account.profile.optional')}
                maxLength={50}
                showCount
                data-testid="profile-nickname"
              />
            </Form.Item>
            <Form.Item label={t('account.profile.phone')} name="phone" rules={[phoneRule]}>
              <Input
                placeholder={t('account.profile.phonePlaceholder')}
                autoComplete="tel"
                data-testid="profile-phone"
              />
            </Form.Item>
            <Button type="primary" htmlType="submit" block size="large" loading={save.isPending}>
              {t('account.profile.save')}
            </Button>
          </Form>
        </Card>
      </UserPage>
    </AccountColumn>
  );
}
