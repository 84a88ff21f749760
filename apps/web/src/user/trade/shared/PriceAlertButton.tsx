import { BellOutlined } from '@ant-design/icons';
import {
  PRICE_ALERT_DIRECTION_LABELS,
  PRICE_ALERT_REPEAT_LABELS,
  type PriceAlertDirection,
  type PriceAlertRepeat,
} from '@platform/contracts';
import { Decimal, formatPairPrice } from '@platform/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Badge, Button, Drawer, Flex, Form, Input, Radio, Segmented, Typography } from 'antd';
import { useState } from 'react';
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
      form.setFields([{ name: 'price', errors: [errorMessage(error, '设置失败，请重试')] }]),
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
          aria-label={`设置 ${symbol} 价格提醒`}
          onClick={onOpen}
          data-testid="price-alert-open"
        />
      </Badge>
      <Drawer
        title={`${symbol} 价格提醒`}
        placement="bottom"
        open={open}
        onClose={() => setOpen(false)}
        size="auto"
        styles={{ body: { paddingTop: 8 } }}
        destroyOnHidden
      >
        <Typography.Paragraph type="secondary" style={{ marginBottom: 12 }}>
          当前价格 {lastPrice ? formatPairPrice(lastPrice, precision) : '--'}
          ，按指数价格提醒，触发时发送消息通知。
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
          <Form.Item name="direction" label="提醒条件">
            <Segmented
              block
              options={(['above', 'below'] as const).map((d) => ({
                value: d,
                label: `价格${PRICE_ALERT_DIRECTION_LABELS[d]}`,
              }))}
              data-testid="price-alert-direction"
            />
          </Form.Item>
          <Form.Item
            name="price"
            label="提醒价格"
            rules={[
              { required: true, whitespace: true, message: '请输入提醒价格' },
              { pattern: /^\s*\d+(\.\d+)?\s*$/, message: '请输入正数' },
            ]}
          >
            <Input inputMode="decimal" placeholder="输入价格" suffix="USDT" data-testid="price-alert-price" />
          </Form.Item>
          <Form.Item name="repeat" label="提醒频率">
            <Radio.Group
              options={(['once', 'every'] as const).map((r) => ({
                value: r,
                label: PRICE_ALERT_REPEAT_LABELS[r],
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
              设置提醒
            </Button>
            <Link to="/me/price-alerts" style={{ textAlign: 'center' }} data-testid="price-alert-manage">
              管理价格提醒{active ? `（${symbol} ${active} 个进行中）` : ''}
            </Link>
          </Flex>
        </Form>
      </Drawer>
    </>
  );
}
