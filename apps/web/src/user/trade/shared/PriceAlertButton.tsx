import { BellOutlined } from '@ant-design/icons';
import type { PriceAlertDirection, PriceAlertRepeat } from '@platform/contracts';
import { Decimal, formatPairPrice } from '@platform/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Badge, Button, Drawer, Flex, Form, Input, Radio, Segmented, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { loginUrl } from '../../../lib/navigation.ts';
import { errorMessage } from '../../../lib/request.ts';
import { useSessionSnapshot } from '../../../lib/session.tsx';
import {
  createPriceAlert,
  fetchPriceAlerts,
  priceAlertKeys,
} from '../../account/price-alerts/priceAlertsApi.ts';

interface AlertFields {
  direction: PriceAlertDirection;
  price: string;
  repeat: PriceAlertRepeat;
}

/** Which way a target lies from the last price: a price above it is reached by a rise. */
function directionFor(target: string, last: string | undefined): PriceAlertDirection | null {
  try {
    if (!last || !target) return null;
    return new Decimal(target).gte(new Decimal(last)) ? 'above' : 'below';
  } catch {
    return null;
  }
}

/**
 * The bell beside a trade screen's pair: sets a price alert on it (涨到 / 跌到 a price, once or every
 * time), judged by the server on the index price; the pair's active alerts are counted on the bell.
 * A guest is sent to 登录 and back.
 */
export function PriceAlertButton({
  symbol,
  lastPrice,
  precision,
}: {
  symbol: string;
  lastPrice?: string;
  precision?: number;
}) {
  const { t } = useTranslation('user');
  const { token } = useSessionSnapshot();
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [form] = Form.useForm<AlertFields>();
  const [directionTouched, setDirectionTouched] = useState(false);
  const alerts = useQuery({
    queryKey: priceAlertKeys.of(symbol),
    queryFn: () => fetchPriceAlerts(symbol),
    enabled: Boolean(token),
  });
  const active = (alerts.data ?? []).filter((a) => a.status === 'active').length;
  const save = useMutation({
    mutationFn: (fields: AlertFields) => createPriceAlert({ symbol, ...fields }),
    onSuccess: ({ message: text }) => {
      message.success(text);
      setOpen(false);
      form.resetFields();
      void queryClient.invalidateQueries({ queryKey: priceAlertKeys.all });
    },
    onError: (error) =>
      form.setFields([{ name: 'price', errors: [errorMessage(error, t('trade.alert.failed'))] }]),
  });

  const onOpen = () => {
    if (!token) {
      navigate(loginUrl(pathname + search));
      return;
    }
    setDirectionTouched(false);
    form.setFieldsValue({ direction: 'above', price: '', repeat: 'once' });
    setOpen(true);
  };

  return (
    <>
      <Badge count={active} size="small" offset={[-4, 4]}>
        <Button
          type="text"
          icon={<BellOutlined />}
          aria-label={t('trade.alert.open', { symbol })}
          onClick={onOpen}
          data-testid="price-alert-open"
        />
      </Badge>
      <Drawer
        title={t('trade.alert.title', { symbol })}
        placement="bottom"
        open={open}
        onClose={() => setOpen(false)}
        size="auto"
        styles={{ body: { paddingTop: 8 } }}
        destroyOnHidden
      >
        <Typography.Paragraph type="secondary" style={{ marginBottom: 12 }}>
          {t('trade.alert.intro', { price: lastPrice ? formatPairPrice(lastPrice, precision) : '--' })}
        </Typography.Paragraph>
        <Form<AlertFields>
          form={form}
          layout="vertical"
          onFinish={(fields) => save.mutate({ ...fields, price: fields.price.trim() })}
          onValuesChange={(changed: Partial<AlertFields>) => {
            if (changed.direction) setDirectionTouched(true);
            if (changed.price !== undefined && !directionTouched) {
              const direction = directionFor(changed.price.trim(), lastPrice);
              if (direction) form.setFieldValue('direction', direction);
            }
          }}
        >
          <Form.Item name="direction" label={t('trade.alert.condition')}>
            <Segmented
              block
              options={(['above', 'below'] as const).map((d) => ({
                value: d,
                label: t(`trade.alert.direction.${d}`),
              }))}
              data-testid="price-alert-direction"
            />
          </Form.Item>
          <Form.Item
            name="price"
            label={t('trade.alert.price')}
            rules={[
              { required: true, whitespace: true, message: t('trade.alert.priceRequired') },
              { pattern: /^\s*\d+(\.\d+)?\s*$/, message: t('trade.alert.positive') },
            ]}
          >
            <Input
              inputMode="decimal"
              placeholder={t('trade.alert.pricePlaceholder')}
              suffix="USDT"
              data-testid="price-alert-price"
            />
          </Form.Item>
          <Form.Item name="repeat" label={t('trade.alert.frequency')}>
            <Radio.Group
              options={(['once', 'every'] as const).map((r) => ({
                value: r,
                label: t(`trade.alert.repeat.${r}`),
              }))}
              data-testid="price-alert-repeat"
            />
          </Form.Item>
          <Flex vertical gap={8}>
            <Button
              type="primary"
              htmlType="submit"
              block
              size="large"
              loading={save.isPending}
              data-testid="price-alert-submit"
            >
              {t('trade.alert.submit')}
            </Button>
            <Link to="/me/price-alerts" style={{ textAlign: 'center' }} data-testid="price-alert-manage">
              {t('trade.alert.manage')}
              {active ? t('trade.alert.activeCount', { symbol, active }) : ''}
            </Link>
          </Flex>
        </Form>
      </Drawer>
    </>
  );
}
