import { PlusOutlined, ReloadOutlined } from '@ant-design/icons';
import { DEPOSIT_CHANNEL_CURRENCIES } from '@platform/contracts';
import { App, Button, Space } from 'antd';

/**
 * The crypto currencies offered in a channel form: those of the loaded channels first, then the spec's
 * list (spec 001 §9), so that a currency no channel uses yet can still be chosen.
 */
export function currencyOptions(channels: readonly { currency: string }[]): string[] {
  return [...new Set([...channels.map((c) => c.currency), ...DEPOSIT_CHANNEL_CURRENCIES])];
}

export interface ConfirmDeleteOptions {
  /** 充值 or 提现, as in 确定要删除充值渠道「…」吗？ */
  kind: string;
  /** Resolves to the server's message (a proposal: 已提交，待另一位管理员批准后生效). */
  remove: (id: number) => Promise<string>;
  /** The message.error text for a failed delete. */
  failure: (error: unknown) => string;
  /** Reloads the list after the attempt, whether it worked or not. */
  reload: () => Promise<unknown>;
}

/** Asks before deleting a channel, then deletes it: 删除成功 or the failure, and the list reloads either way. */
export function useConfirmDelete({ kind, remove, failure, reload }: ConfirmDeleteOptions) {
  const { message, modal } = App.useApp();
  return (channel: { id: number; name: string }) => {
    modal.confirm({
      title: '确认删除',
      content: `确定要删除${kind}渠道「${channel.name}」吗？此操作不可恢复。`,
      okText: '删除',
      okButtonProps: { danger: true },
      cancelText: '取消',
      onOk: async () => {
        try {
          message.success(await remove(channel.id));
        } catch (error) {
          message.error(failure(error));
        }
        await reload();
      },
    });
  };
}

export interface ChannelsToolbarProps {
  onReload: () => void;
  reloading: boolean;
  onAdd: () => void;
  addTestId: string;
}

/** 刷新 and 添加渠道 for the card's extra. */
export function ChannelsToolbar({ onReload, reloading, onAdd, addTestId }: ChannelsToolbarProps) {
  return (
    <Space>
      <Button icon={<ReloadOutlined />} onClick={onReload} loading={reloading}>
        刷新
      </Button>
      <Button type="primary" icon={<PlusOutlined />} onClick={onAdd} data-testid={addTestId}>
        添加渠道
      </Button>
    </Space>
  );
}
