import { PlusOutlined, ReloadOutlined } from '@ant-design/icons';
import { DEPOSIT_CHANNEL_CURRENCIES } from '@platform/contracts';
import { App, Button, Space } from 'antd';
import { useTranslation } from 'react-i18next';

/**
 * The crypto currencies offered in a channel form: those of the loaded channels first, then the spec's
 * list (spec 001 §9), so that a currency no channel uses yet can still be chosen.
 */
export function currencyOptions(channels: readonly { currency: string }[]): string[] {
  return [...new Set([...channels.map((c) => c.currency), ...DEPOSIT_CHANNEL_CURRENCIES])];
}

/** Which channels a list holds. */
export type ChannelKind = 'deposit' | 'withdraw';

export interface ConfirmDeleteOptions {
  /** Deposit or withdrawal channels: the question names the kind (确定要删除充值渠道「…」吗？). */
  kind: ChannelKind;
  /** Resolves to the server's message (a proposal: 已提交，待另一位管理员批准后生效). */
  remove: (id: number) => Promise<string>;
  /** The message.error text for a failed delete. */
  failure: (error: unknown) => string;
  /** Reloads the list after the attempt, whether it worked or not. */
  reload: () => Promise<unknown>;
}

/** Asks before deleting a channel, then deletes it: 删除成功 or the failure, and the list reloads either way. */
export function useConfirmDelete({ kind, remove, failure, reload }: ConfirmDeleteOptions) {
  const { t } = useTranslation('admin');
  const { message, modal } = App.useApp();
  return (channel: { id: number; name: string }) => {
    modal.confirm({
      title: t('channels.confirmDelete'),
      content: t(`channels.${kind}.confirmDeleteText`, { name: channel.name }),
      okText: t('channels.delete'),
      okButtonProps: { danger: true },
      cancelText: t('channels.cancel'),
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
  const { t } = useTranslation('admin');
  return (
    <Space>
      <Button icon={<ReloadOutlined />} onClick={onReload} loading={reloading}>
        {t('channels.refresh')}
      </Button>
      <Button type="primary" icon={<PlusOutlined />} onClick={onAdd} data-testid={addTestId}>
        {t('channels.add')}
      </Button>
    </Space>
  );
}
