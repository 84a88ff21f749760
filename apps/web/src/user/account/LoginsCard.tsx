import { formatDateTime } from '@platform/domain';
import { useQuery } from '@tanstack/react-query';
import { Card, Empty, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { RecordRow } from '../wallet/records.tsx';
import { QueryBody } from './QueryBody.tsx';
import { fetchLogins, RECENT_LOGINS, securityKeys } from './securityApi.ts';

/** 登录记录: the account's last 20 login attempts, successful or not (a failure names its reason). */
export function LoginsCard() {
  const { t } = useTranslation(['user', 'common']);
  const logins = useQuery({ queryKey: securityKeys.logins, queryFn: fetchLogins });
  return (
    <Card
      title={t('account.logins.title', { count: RECENT_LOGINS, n: RECENT_LOGINS })}
      styles={{ body: { paddingBlock: 4 } }}
      data-testid="logins-card"
    >
      <QueryBody query={logins} errorTitle={t('account.logins.loadFailed')} testId="logins-error">
        {({ logins: list }) =>
          list.length === 0 ? (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('account.logins.empty')} />
          ) : (
            list.map((login) => (
              <RecordRow
                key={login.id}
                testId={`login-${login.id}`}
                title={login.device}
                lines={[
                  t('account.logins.line', {
                    time: formatDateTime(login.created_at),
                    ip: login.ip ?? t('account.sessions.unknown'),
                  }),
                  login.failure_reason
                    ? t('account.logins.reason', { reason: t(`common:loginFailure.${login.failure_reason}`) })
                    : null,
                ]}
                right={
                  login.success ? (
                    <Tag color="green" style={{ marginInlineEnd: 0 }}>
                      {t('account.logins.success')}
                    </Tag>
                  ) : (
                    <Tag color="red" style={{ marginInlineEnd: 0 }}>
                      {t('account.logins.failed')}
                    </Tag>
                  )
                }
              />
            ))
          )
        }
      </QueryBody>
    </Card>
  );
}
