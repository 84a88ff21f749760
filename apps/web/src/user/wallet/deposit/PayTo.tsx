import type { UserDepositChannel } from '@platform/contracts';
import { formatNumber } from '@platform/domain';
import { Alert, Card, Flex, Spin, Typography } from 'antd';
import QRCode from 'qrcode';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { QrImage } from '../../../components/QrImage.tsx';

const QR_SIZE = 168;

/** A QR code of `text` drawn in the browser (a data URL), or null while it is drawn or if it failed. */
export function useGeneratedQr(text: string | null): { url: string | null; failed: boolean } {
  const [state, setState] = useState<{ text: string | null; url: string | null; failed: boolean }>({
    text: null,
    url: null,
    failed: false,
  });
  useEffect(() => {
    if (!text) return;
    let live = true;
    QRCode.toDataURL(text, { width: QR_SIZE * 2, margin: 1, errorCorrectionLevel: 'M' })
      .then((url) => live && setState({ text, url, failed: false }))
      .catch(() => live && setState({ text, url: null, failed: true }));
    return () => {
      live = false;
    };
  }, [text]);
  return state.text === text ? { url: state.url, failed: state.failed } : { url: null, failed: false };
}

/**
 * The channel's uploaded QR image; without one, a crypto address is drawn as a QR code here. A
 * wechat, alipay or bank channel without an image shows only its payee text: a QR code of that text
 * would not open a payment in those apps.
 */
function ChannelQr({ channel }: { channel: UserDepositChannel }) {
  const generate = !channel.qr_code_url && channel.type === 'crypto' ? channel.address : null;
  const generated = useGeneratedQr(generate);
  const { t } = useTranslation('user');
  if (channel.qr_code_url) return <QrImage url={channel.qr_code_url} size={QR_SIZE} testId="deposit-qr" />;
  if (!generate) return null;
  if (generated.failed) return <Typography.Text type="secondary">{t('deposit.qrFailed')}</Typography.Text>;
  if (!generated.url)
    return (
      <Flex align="center" justify="center" style={{ width: QR_SIZE, height: QR_SIZE }}>
        <Spin />
      </Flex>
    );
  return (
    <img
      src={generated.url}
      alt={t('deposit.qrAlt')}
      width={QR_SIZE}
      height={QR_SIZE}
      data-testid="deposit-qr-generated"
    />
  );
}

/** Where to pay: QR, the address or payee (copyable), the limits and the channel's note. */
export function PayTo({ channel }: { channel: UserDepositChannel }) {
  const crypto = channel.type === 'crypto';
  const { t } = useTranslation(['user', 'common']);
  return (
    <Card size="small" data-testid="deposit-pay-to">
      <Flex vertical align="center" gap={12}>
        <ChannelQr channel={channel} />
        <Flex vertical gap={4} style={{ width: '100%' }}>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {crypto
              ? t('deposit.address', { currency: channel.currency })
              : t('deposit.payee', { type: t(`common:depositChannelType.${channel.type}`) })}
          </Typography.Text>
          <Typography.Paragraph
            copyable={{ text: channel.address, tooltips: [t('deposit.copy'), t('deposit.copied')] }}
            style={{
              margin: 0,
              wordBreak: 'break-all',
              fontFamily: crypto ? 'monospace' : undefined,
              fontSize: 15,
            }}
            data-testid="deposit-address"
          >
            {channel.address}
          </Typography.Paragraph>
          <Typography.Text type="secondary" style={{ fontSize: 12 }} data-testid="deposit-limits">
            {t('deposit.limits')} {formatNumber(channel.min_amount, 2, { minDecimals: 0 })} -{' '}
            {formatNumber(channel.max_amount, 2, { minDecimals: 0 })} {channel.currency}
          </Typography.Text>
          {channel.description && (
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {channel.description}
            </Typography.Text>
          )}
        </Flex>
        {crypto && (
          <Alert
            type="warning"
            showIcon
            style={{ width: '100%' }}
            title={t('deposit.onlyThisCoin', { currency: channel.currency })}
          />
        )}
      </Flex>
    </Card>
  );
}
