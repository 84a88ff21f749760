import { useQuery } from '@tanstack/react-query';
import { Button, Flex, Spin, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

const FRAME = { border: '1px solid #f0f0f0', borderRadius: 8, background: '#fff' } as const;

/**
 * `text` as a PNG data URL. The qrcode package is imported on demand, so that it is its own chunk
 * fetched only by a screen that shows a code.
 */
async function qrDataUrl(text: string, size: number): Promise<string> {
  const { default: QRCode } = await import('qrcode');
  // Drawn at twice the shown size so that it stays sharp on a phone's dense screen.
  return QRCode.toDataURL(text, { width: size * 2, margin: 1, errorCorrectionLevel: 'M' });
}

/** A QR code of `text` in a white frame, with a retry when drawing it fails. */
export function QrCode({
  text,
  size = 168,
  alt,
  testId,
}: {
  /** Undefined while the text is being fetched: a spinner in the frame. */
  text: string | undefined;
  size?: number;
  alt: string;
  testId: string;
}) {
  const { t } = useTranslation('common');
  const query = useQuery({
    queryKey: ['qr-code', text, size],
    queryFn: () => qrDataUrl(text ?? '', size),
    enabled: Boolean(text),
    staleTime: Number.POSITIVE_INFINITY,
  });
  return (
    <Flex
      align="center"
      justify="center"
      vertical
      gap={8}
      style={{ width: size, height: size, boxSizing: 'content-box', padding: 8, flex: 'none', ...FRAME }}
    >
      {query.data ? (
        <img
          src={query.data}
          alt={alt}
          width={size}
          height={size}
          style={{ display: 'block' }}
          data-testid={testId}
        />
      ) : query.isError ? (
        <>
          <Typography.Text type="secondary">{t('qrFailed')}</Typography.Text>
          <Button size="small" onClick={() => void query.refetch()} data-testid={`${testId}-retry`}>
            {t('retry')}
          </Button>
        </>
      ) : (
        <Spin />
      )}
    </Flex>
  );
}
