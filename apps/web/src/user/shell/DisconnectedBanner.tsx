import { DisconnectOutlined } from '@ant-design/icons';
import { Alert } from 'antd';
import { DISCONNECTED_TEXT, useDisconnected } from '../../lib/connectivity.ts';

/**
 * 网络已断开, under the header while the browser is offline or the socket is down: prices on
 * screen are stale and the money buttons are disabled until the connection is back (issue 20).
 */
export function DisconnectedBanner({ top }: { top: number }) {
  const disconnected = useDisconnected();
  if (!disconnected) return null;
  return (
    <Alert
      banner
      type="error"
      icon={<DisconnectOutlined />}
      showIcon
      role="alert"
      title={DISCONNECTED_TEXT}
      description="行情已停止更新，交易与提现暂不可用；连接恢复后自动刷新。"
      style={{ position: 'sticky', top, zIndex: 99 }}
      data-testid="disconnected-banner"
    />
  );
}
