import { useQuery } from '@tanstack/react-query';
import { Button, Flex, Spin, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { TEAM_QUERY_ROOT } from './teamApi.ts';

const QR_SIZE = 168;
const FRAME = { border: '1px solid #f0f0f0', borderRadius: 8, background: '#fff' } as const;

/**
 * The QR image of the invite link as a PNG data URL. The qrcode package is imported here, on
 * demand, so that it is its own chunk fetched only when the team screen shows a code.
 */
async function qrDataUrl(text: string): Promise<string> {
  const { default: QRCode } = await import('qrcode');
  // Drawn at twice the shown size so that it stays sharp on a phone's dense screen.
  return QRCode.toDataURL(text, { width: QR_SIZE * 2, margin: 1, errorCorrectionLevel: 'M' });
}

export function InviteQr({ link, code }: { link: string; code: string }) {
  const { t } = useTranslation(['user', 'common']);
  const query = useQuery({
    queryKey: [...TEAM_QUERY_ROOT, 'qr', link],
    queryFn: () => qrDataUrl(link),
    staleTime: Number.POSITIVE_INFINITY,
  });

  return (
    <Flex vertical align="center" gap={6} data-testid="invite-qr-block">
      <Flex
        align="center"
        justify="center"
        vertical
        gap={8}
        style={{ width: QR_SIZE, height: QR_SIZE, boxSizing: 'content-box', padding: 8, ...FRAME }}
      >
        {query.data ? (
          <img
            src={query.data}
            alt={t('team.invite.qrAlt')}
            width={QR_SIZE}
            height={QR_SIZE}
            style={{ display: 'block' }}
            data-testid="invite-qr"
          />
        ) : query.isError ? (
          <>
            <Typography.Text type="secondary">{t('team.invite.qrFailed')}</Typography.Text>
            <Button size="small" onClick={() => void query.refetch()} data-testid="invite-qr-retry">
              {t('common:retry')}
            </Button>
          </>
        ) : (
          <Spin />
        )}
      </Flex>
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {t('team.invite.qrHint')}
      </Typography.Text>
      {query.data && (
        <a href={query.data} download={`invite-${code}.png`} data-testid="invite-qr-save">
          {t('team.invite.qrSave')}
        </a>
      )}
    </Flex>
  );
}
