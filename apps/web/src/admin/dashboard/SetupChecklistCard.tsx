import { CheckCircleFilled, ExclamationCircleOutlined } from '@ant-design/icons';
import {
  DASHBOARD_REFRESH_MS,
  getSetupChecklist,
  SETUP_CHECKLIST_LINKS,
  type SetupChecklist,
} from '@platform/contracts';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Flex, Progress, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { call } from '../../lib/request.ts';

export const SETUP_CHECKLIST_QUERY_KEY = ['admin', 'setup-checklist'] as const;

/** GET /api/admin/setup-checklist. */
export const fetchSetupChecklist = (signal?: AbortSignal): Promise<SetupChecklist> =>
  call(getSetupChecklist, { signal }).then((reply) => reply.data);

/**
 * 上线准备清单: what a fresh install still lacks before it holds real money, each item with what
 * stands now and a link to where it is done. The server reads every item from the live configuration
 * and data, so the card goes away by itself once the last one is done (and comes back if one is
 * undone). Nothing is shown while the call fails: the dashboard's own error covers that.
 */
export function SetupChecklistCard() {
  const navigate = useNavigate();
  const { t } = useTranslation('admin');
  const { data } = useQuery({
    queryKey: SETUP_CHECKLIST_QUERY_KEY,
    queryFn: ({ signal }) => fetchSetupChecklist(signal),
    refetchInterval: DASHBOARD_REFRESH_MS,
  });
  if (!data || data.complete) return null;
  const doneCount = data.items.filter((item) => item.done).length;
  return (
    <Card
      size="small"
      title={t('dashboard.checklist')}
      extra={
        <Typography.Text type="secondary">
          {t('dashboard.checklistDone', { done: doneCount, all: data.items.length })}
        </Typography.Text>
      }
      data-testid="setup-checklist"
    >
      <Progress percent={Math.round((doneCount / data.items.length) * 100)} showInfo={false} size="small" />
      <Flex vertical gap={8} style={{ marginTop: 8 }}>
        {data.items.map((item) => (
          <Flex key={item.key} align="center" gap={12} data-testid={`setup-item-${item.key}`}>
            {item.done ? (
              <CheckCircleFilled style={{ color: '#52c41a' }} aria-label={t('dashboard.done')} />
            ) : (
              <ExclamationCircleOutlined style={{ color: '#faad14' }} aria-label={t('dashboard.notDone')} />
            )}
            <Flex vertical style={{ flex: 1, minWidth: 0 }}>
              <Typography.Text
                strong={!item.done}
                delete={item.done}
                type={item.done ? 'secondary' : undefined}
              >
                {t(`dashboard.checklistItems.${item.key}`)}
              </Typography.Text>
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {item.detail}
              </Typography.Text>
            </Flex>
            {!item.done && (
              <Button size="small" onClick={() => navigate(SETUP_CHECKLIST_LINKS[item.key])}>
                {t('dashboard.goDo')}
              </Button>
            )}
          </Flex>
        ))}
      </Flex>
    </Card>
  );
}
