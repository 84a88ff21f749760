import { DisconnectOutlined } from '@ant-design/icons';
import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';
import { useDisconnected } from '../../lib/connectivity.ts';

/**
 * 网络已断开, under the header while the browser is offline or the socket is down: prices on
 * screen are stale and the money buttons are disabled until the connection is back (issue 20).
 */
export function DisconnectedBanner({ top }: { top: number }) {
  const disconnected = useDisconnected();
  const { t } = useTranslation('user');
  if (!disconnected) return null;
  return (
    <Alert
      banner
      type="error"
      icon={<DisconnectOutlined />}
      showIcon
      role="alert"
      title={t('shell.disconnected')}
      description={t('shell.disconnectedDetail')}
      style={{ position: 'sticky', top, zIndex: 99 }}
      data-testid="disconnected-banner"
    />
  );
}
