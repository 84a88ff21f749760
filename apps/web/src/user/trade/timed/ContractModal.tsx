import type { TimedContract } from '@platform/contracts';
import { useQuery } from '@tanstack/react-query';
import { Button, Modal } from 'antd';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ContractDetail } from './ContractDetail.tsx';
import { fetchHistory, type TimedProduct, timedKeys } from './timedApi.ts';

export interface ContractFocus {
  /** The shown contract as the lists know it now (open, then settled), else as it was picked. */
  contract: TimedContract | null;
  show: (contract: TimedContract) => void;
  close: () => void;
}

/**
 * The contract whose detail is open. It follows the lists: a contract shown while open turns into
 * its result once the settlement has refetched them (the newest settled page is watched for it).
 */
export function useContractFocus(
  product: TimedProduct,
  open: readonly TimedContract[] | undefined,
): ContractFocus {
  const [picked, setPicked] = useState<TimedContract | null>(null);
  const watching = picked !== null && picked.status === 'open';
  const settled = useQuery({
    queryKey: timedKeys.history(product, 'settled', 1),
    queryFn: ({ signal }) => fetchHistory(product, { status: 'settled', page: 1 }, signal),
    enabled: watching,
  });
  const id = picked?.order_id;
  const contract =
    picked === null
      ? null
      : (open?.find((c) => c.order_id === id) ??
        settled.data?.contracts.find((c) => c.order_id === id) ??
        picked);
  const show = useCallback((c: TimedContract) => setPicked(c), []);
  const close = useCallback(() => setPicked(null), []);
  return { contract, show, close };
}

/** The detail of the focused contract: its countdown, then its result. */
export function ContractModal({ focus }: { focus: ContractFocus }) {
  const { t } = useTranslation('user');
  const { contract, close } = focus;
  return (
    <Modal
      open={contract !== null}
      title={contract?.status === 'settled' ? t('trade.timed.settledTitle') : t('trade.timed.openTitle')}
      onCancel={close}
      footer={
        <Button type="primary" block onClick={close} data-testid="contract-modal-close">
          {contract?.status === 'settled' ? t('trade.timed.done') : t('trade.timed.closeKeepOpen')}
        </Button>
      }
      destroyOnHidden
      data-testid="contract-modal"
    >
      {contract && <ContractDetail contract={contract} />}
    </Modal>
  );
}
