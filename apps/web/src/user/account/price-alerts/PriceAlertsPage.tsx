import {
  PRICE_ALERT_DIRECTION_LABELS,
  PRICE_ALERT_REPEAT_LABELS,
  type PriceAlert,
} from '@platform/contracts';
import { formatDateTimeShort, formatNumber } from '@platform/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Empty, Flex, Popconfirm, Tag, Typography } from 'antd';
import { Link } from 'react-router';
import { PageLoading } from '../../../components/PageLoading.tsx';
import { SectionError } from '../../../components/SectionError.tsx';
import { errorMessage } from '../../../lib/request.ts';
import { UserPage } from '../../shell/UserPage.tsx';
import { tradePath } from '../../trade/shared/tradePairs.ts';
import { AccountColumn } from '../useMe.tsx';
import { deletePriceAlert, fetchPriceAlerts, priceAlertKeys } from './priceAlertsApi.ts';

/** 监控中, 已触发 (a once alert done) or 等待回穿 (an every-time alert waiting for the price to go back). */
export function alertState(alert: PriceAlert): { label: string; color: string } {
  if (alert.status === 'triggered') return { label: '已触发', color: 'default' };
  if (!alert.armed) return { label: '等待回穿', color: 'orange' };
  return { label: '监控中', color: 'green' };
}

/** 价格 to 8 places at most, grouped, as the notices show it. */
const shownPrice = (value: string) => formatNumber(value, 8, { minDecimals: 2 });

function AlertRow({
  alert,
  onDelete,
  deleting,
}: {
  alert: PriceAlert;
  onDelete: () => void;
  deleting: boolean;
}) {
  const state = alertState(alert);
  return (
    <Flex
      justify="space-between"
      align="center"
      gap={8}
      style={{ padding: '12px 0', borderBottom: '1px solid var(--app-divider, #f0f0f0)' }}
      data-testid={`price-alert-${alert.id}`}
    >
      <Flex vertical gap={2} style={{ minWidth: 0 }}>
        <Flex gap={6} align="center" wrap>
          <Link to={tradePath('spot', alert.symbol)}>
            <Typography.Text strong>{alert.symbol}</Typography.Text>
          </Link>
          <Tag color={state.color} style={{ marginInlineEnd: 0 }}>
            {state.label}
          </Tag>
        </Flex>
        <Typography.Text>
          {PRICE_ALERT_DIRECTION_LABELS[alert.direction]} {shownPrice(alert.price)} ·{' '}
          {PRICE_ALERT_REPEAT_LABELS[alert.repeat]}
        </Typography.Text>
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {alert.last_triggered_at && alert.last_triggered_price
            ? `已提醒 ${alert.triggered_count} 次，最近 ${formatDateTimeShort(alert.last_triggered_at)}（${shownPrice(alert.last_triggered_price)}）`
            : `设置于 ${formatDateTimeShort(alert.created_at)}`}
        </Typography.Text>
      </Flex>
      <Popconfirm title="删除这个价格提醒？" okText="删除" cancelText="取消" onConfirm={onDelete}>
        <Button danger size="small" loading={deleting} data-testid={`price-alert-delete-${alert.id}`}>
          删除
        </Button>
      </Popconfirm>
    </Flex>
  );
}

/** 我的 → 价格提醒 (/me/price-alerts): every alert of the caller, with its state and 删除. */
export default function PriceAlertsPage() {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const alerts = useQuery({ queryKey: priceAlertKeys.of(), queryFn: () => fetchPriceAlerts() });
  const remove = useMutation({
    mutationFn: deletePriceAlert,
    onSuccess: (text) => {
      message.success(text);
      void queryClient.invalidateQueries({ queryKey: priceAlertKeys.all });
    },
    onError: (error) => message.error(errorMessage(error, '删除失败，请重试')),
  });

  return (
    <AccountColumn>
      <UserPage title="价格提醒" testId="price-alerts-page">
        <Typography.Text type="secondary">
          按指数价格提醒，触发时发送消息通知。在交易页点击价格旁的铃铛即可添加。
        </Typography.Text>
        {alerts.isPending ? (
          <PageLoading />
        ) : alerts.isError ? (
          <SectionError
            title="获取价格提醒失败"
            reason={alerts.error.message}
            onRetry={() => void alerts.refetch()}
            retrying={alerts.isFetching}
            testId="price-alerts-error"
          />
        ) : (
          <Card styles={{ body: { padding: '0 12px' } }}>
            {alerts.data.length === 0 ? (
              <Empty
                image={Empty.PRESENTED_IMAGE_SIMPLE}
                description="暂无价格提醒"
                style={{ padding: 24 }}
              />
            ) : (
              alerts.data.map((alert) => (
                <AlertRow
                  key={alert.id}
                  alert={alert}
                  deleting={remove.isPending && remove.variables === alert.id}
                  onDelete={() => remove.mutate(alert.id)}
                />
              ))
            )}
          </Card>
        )}
      </UserPage>
    </AccountColumn>
  );
}
