import type { PriceAlert } from '@platform/contracts';
import { formatDateTimeShort, formatNumber } from '@platform/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Empty, Flex, Popconfirm, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageLoading } from '../../../components/PageLoading.tsx';
import { SectionError } from '../../../components/SectionError.tsx';
import { i18n } from '../../../i18n/index.ts';
import { errorMessage } from '../../../lib/request.ts';
import { UserPage } from '../../shell/UserPage.tsx';
import { tradePath } from '../../trade/shared/tradePairs.ts';
import { AccountColumn } from '../useMe.tsx';
import { deletePriceAlert, fetchPriceAlerts, priceAlertKeys } from './priceAlertsApi.ts';

/** 监控中, 已触发 (a once alert done) or 等待回穿 (an every-time alert waiting for the price to go back). */
export function alertState(alert: PriceAlert): { label: string; color: string } {
  if (alert.status === 'triggered')
    return { label: i18n.t('user:account.priceAlerts.triggered'), color: 'default' };
  if (!alert.armed) return { label: i18n.t('user:account.priceAlerts.waiting'), color: 'orange' };
  return { label: i18n.t('user:account.priceAlerts.watching'), color: 'green' };
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
  const { t } = useTranslation(['user', 'common']);
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
          {t(`account.priceAlerts.direction.${alert.direction}`)} {shownPrice(alert.price)} ·{' '}
          {t(`account.priceAlerts.repeat.${alert.repeat}`)}
        </Typography.Text>
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {alert.last_triggered_at && alert.last_triggered_price
            ? t('account.priceAlerts.history', {
                count: alert.triggered_count,
                time: formatDateTimeShort(alert.last_triggered_at),
                price: shownPrice(alert.last_triggered_price),
              })
            : t('account.priceAlerts.setAt', { time: formatDateTimeShort(alert.created_at) })}
        </Typography.Text>
      </Flex>
      <Popconfirm
        title={t('account.priceAlerts.deleteConfirm')}
        okText={t('account.priceAlerts.delete')}
        cancelText={t('common:cancel')}
        onConfirm={onDelete}
      >
        <Button danger size="small" loading={deleting} data-testid={`price-alert-delete-${alert.id}`}>
          {t('account.priceAlerts.delete')}
        </Button>
      </Popconfirm>
    </Flex>
  );
}

/** 我的 → 价格提醒 (/me/price-alerts): every alert of the caller, with its state and 删除. */
export default function PriceAlertsPage() {
  const { t } = useTranslation('user');
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const alerts = useQuery({ queryKey: priceAlertKeys.of(), queryFn: () => fetchPriceAlerts() });
  const remove = useMutation({
    mutationFn: deletePriceAlert,
    onSuccess: (text) => {
      message.success(text);
      void queryClient.invalidateQueries({ queryKey: priceAlertKeys.all });
    },
    onError: (error) => message.error(errorMessage(error, t('account.priceAlerts.deleteFailed'))),
  });

  return (
    <AccountColumn>
      <UserPage title={t('account.priceAlerts.title')} testId="price-alerts-page">
        <Typography.Text type="secondary">{t('account.priceAlerts.intro')}</Typography.Text>
        {alerts.isPending ? (
          <PageLoading />
        ) : alerts.isError ? (
          <SectionError
            title={t('account.priceAlerts.loadFailed')}
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
                description={t('account.priceAlerts.empty')}
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
