import { Button, Empty, Flex, type TableColumnsType, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { RetryImage } from '../../components/RetryImage.tsx';
import { StackedDateTime } from '../../components/StackedDateTime.tsx';
import { maskIdNumber } from '../../lib/idNumber.ts';
import { OwnRequestTip, useIsOwnRequest } from '../ownRequest.tsx';
import { ListTable } from '../shell/AdminListPage.tsx';
import { KycDuplicateHint, KycStatusTag, type ViewerImage } from './KycBits.tsx';
import type { AdminKycRequest } from './kycApi.ts';

export interface KycTableProps {
  rows: AdminKycRequest[];
  loading: boolean;
  onDetail: (row: AdminKycRequest) => void;
  onReview: (row: AdminKycRequest, action: 'approved' | 'rejected') => void;
  onView: (image: ViewerImage) => void;
  /** 重新加载 of a failed thumbnail also refetches the list (the signed URLs may have expired). */
  onReloadImages: () => void;
}

const THUMB = { width: 72, height: 46 };

/** The KYC applications: user, ID data (number masked), thumbnails, status, time, actions. */
export function KycTable({ rows, loading, onDetail, onReview, onView, onReloadImages }: KycTableProps) {
  // The signed-in admin's own application cannot be reviewed by them (the server refuses with 403).
  const isOwn = useIsOwnRequest();
  const { t } = useTranslation('admin');
  const front = t('kyc.idFront');
  const back = t('kyc.idBack');
  const columns: TableColumnsType<AdminKycRequest> = [
    {
      key: 'user',
      title: t('kyc.user'),
      width: 200,
      render: (_, row) => (
        <Flex vertical>
          <Typography.Text style={{ wordBreak: 'break-all' }}>{row.user.email}</Typography.Text>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {row.user.phone || t('kyc.noPhone')}
          </Typography.Text>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            ID: {row.user.id}
          </Typography.Text>
        </Flex>
      ),
    },
    { key: 'real_name', title: t('kyc.realName'), dataIndex: 'real_name', width: 90 },
    {
      key: 'id_number',
      title: t('kyc.idNumber'),
      width: 170,
      render: (_, row) => (
        <Flex vertical gap={2}>
          <Typography.Text
            style={{ fontFamily: 'monospace', whiteSpace: 'nowrap' }}
            data-testid={`kyc-idnumber-${row.id}`}
          >
            {maskIdNumber(row.id_number)}
          </Typography.Text>
          <KycDuplicateHint row={row} />
        </Flex>
      ),
    },
    {
      key: 'images',
      title: t('kyc.images'),
      // Two thumbnails side by side; narrower and they spill into the next column.
      width: 170,
      render: (_, row) => (
        <Flex gap={8}>
          <RetryImage
            url={row.id_front_url}
            alt={front}
            {...THUMB}
            testId={`kyc-thumb-front-${row.id}`}
            onOpen={(src) =>
              onView({ src, title: t('kyc.imageTitle', { side: front, name: row.real_name }) })
            }
            onReload={onReloadImages}
          />
          <RetryImage
            url={row.id_back_url}
            alt={back}
            {...THUMB}
            testId={`kyc-thumb-back-${row.id}`}
            onOpen={(src) => onView({ src, title: t('kyc.imageTitle', { side: back, name: row.real_name }) })}
            onReload={onReloadImages}
          />
        </Flex>
      ),
    },
    {
      key: 'status',
      title: t('kyc.statusColumn'),
      width: 80,
      render: (_, row) => <KycStatusTag status={row.status} />,
    },
    {
      key: 'created_at',
      title: t('kyc.appliedAt'),
      width: 100,
      render: (_, row) => <StackedDateTime value={row.created_at} />,
    },
    {
      key: 'actions',
      title: t('kyc.actions'),
      fixed: 'right',
      render: (_, row) => (
        <Flex gap={4} wrap>
          <Button size="small" onClick={() => onDetail(row)} data-testid={`kyc-detail-${row.id}`}>
            {t('kyc.detail')}
          </Button>
          {row.status === 'pending' && (
            <OwnRequestTip own={isOwn(row.user.id)}>
              <Button
                size="small"
                type="primary"
                disabled={isOwn(row.user.id)}
                onClick={() => onReview(row, 'approved')}
                data-testid={`kyc-approve-${row.id}`}
              >
                {t('kyc.approve')}
              </Button>
              <Button
                size="small"
                danger
                disabled={isOwn(row.user.id)}
                onClick={() => onReview(row, 'rejected')}
                data-testid={`kyc-reject-${row.id}`}
              >
                {t('kyc.reject')}
              </Button>
            </OwnRequestTip>
          )}
        </Flex>
      ),
    },
  ];

  return (
    <ListTable<AdminKycRequest>
      columns={columns}
      rows={rows}
      loading={loading}
      rowTestId="kyc-row"
      scrollX={980}
      empty={loading ? <div style={{ height: 120 }} /> : <Empty description={t('kyc.empty')} />}
    />
  );
}
