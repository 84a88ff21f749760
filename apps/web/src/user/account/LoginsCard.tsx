import { LOGIN_FAILURE_LABELS } from '@platform/contracts';
import { formatDateTime } from '@platform/domain';
import { useQuery } from '@tanstack/react-query';
import { Card, Empty, Tag } from 'antd';
import { RecordRow } from '../wallet/records.tsx';
import { QueryBody } from './QueryBody.tsx';
import { fetchLogins, RECENT_LOGINS, securityKeys } from './securityApi.ts';

/** 登录记录: the account's last 20 login attempts, successful or not (a failure names its reason). */
export function LoginsCard() {
  const logins = useQuery({ queryKey: securityKeys.logins, queryFn: fetchLogins });
  return (
    <Card
      title={`最近${RECENT_LOGINS}次登录`}
      styles={{ body: { paddingBlock: 4 } }}
      data-testid="logins-card"
    >
      <QueryBody query={logins} errorTitle="获取登录记录失败" testId="logins-error">
        {({ logins: list }) =>
          list.length === 0 ? (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无登录记录" />
          ) : (
            list.map((login) => (
              <RecordRow
                key={login.id}
                testId={`login-${login.id}`}
                title={login.device}
                lines={[
                  `${formatDateTime(login.created_at)} · IP ${login.ip ?? '未知'}`,
                  login.failure_reason ? `原因：${LOGIN_FAILURE_LABELS[login.failure_reason]}` : null,
                ]}
                right={
                  login.success ? (
                    <Tag color="green" style={{ marginInlineEnd: 0 }}>
                      成功
                    </Tag>
                  ) : (
                    <Tag color="red" style={{ marginInlineEnd: 0 }}>
                      失败
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
