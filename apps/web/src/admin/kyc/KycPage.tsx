import { kycApplicationStatuses } from '@platform/contracts';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { Flex, Tabs } from 'antd';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ImageViewer } from '../../components/ImageViewer.tsx';
import { ListFooter } from '../../components/ListFooter.tsx';
import { SearchBox } from '../../components/SearchBox.tsx';
import { param, useListParams } from '../../lib/listParams.ts';
import { AdminListPage } from '../shell/AdminListPage.tsx';
import type { ViewerImage } from './KycBits.tsx';
import { KycDetailModal } from './KycDetailModal.tsx';
import { type KycReview, KycReviewModal } from './KycReviewModal.tsx';
import { KycTable } from './KycTable.tsx';
import { type AdminKycRequest, fetchKycRequests, KYC_QUERY_ROOT, KYC_TABS, kycQueryKey } from './kycApi.ts';

/** The tab, search and page in the address: ?status=approved&search=bob&page=2 (the 待审核 tab by default). */
const KYC_LIST_PARAMS = {
  status: param.oneOf(kycApplicationStatuses, 'pending'),
  search: param.search({ max: 100 }),
  page: param.page(),
};

/** KYC审核: status tabs, the applications with their ID images, detail, review and the image viewer. */
export default function KycPage() {
  const { t } = useTranslation('admin');
  const queryClient = useQueryClient();
  const [{ status, search, page }, setAddress] = useListParams(KYC_LIST_PARAMS);
  const [detail, setDetail] = useState<AdminKycRequest | null>(null);
  const [review, setReview] = useState<KycReview | null>(null);
  const [viewer, setViewer] = useState<ViewerImage | null>(null);

  const query = useQuery({
    queryKey: kycQueryKey(status, page, search),
    queryFn: ({ signal }) => fetchKycRequests(status, page, signal, search),
    placeholderData: keepPreviousData,
  });

  const reload = useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: KYC_QUERY_ROOT });
  }, [queryClient]);

  const rows = query.data?.requests ?? [];
  const pagination = query.data?.pagination;
  // Each tab's count of what the search matches (the server counts every status at once).
  const counts = query.data?.counts;
  // The detail modal follows the reloaded row (fresh signed URLs) while it is on the page.
  const detailRow = detail ? (rows.find((row) => row.id === detail.id) ?? detail) : null;

  return (
    <AdminListPage
      title={t('kyc.title')}
      testId="kyc"
      query={query}
      loadFailed={t('kyc.loadFailed')}
      filters={
        // No wider than the card: on a phone the tabs' English labels overflow into antd's "more" menu
        // instead of widening the page.
        <Flex vertical gap={8} style={{ maxWidth: '100%' }}>
          <SearchBox
            value={search}
            onSearch={(next) => setAddress({ search: next })}
            placeholder={t('kyc.searchPlaceholder')}
            width={300}
            testId="kyc-search"
          />
          <Tabs
            activeKey={status}
            onChange={(key) => {
              const tab = KYC_TABS.find((candidate) => candidate.key === key);
              if (tab) setAddress({ status: tab.key });
            }}
            items={KYC_TABS.map((tab) => ({
              key: tab.key,
              label: (
                <span data-testid={`kyc-tab-${tab.key}`}>
                  {counts
                    ? t('kyc.tabCount', { label: t(`kyc.status.${tab.key}`), n: counts[tab.key] })
                    : t(`kyc.status.${tab.key}`)}
                </span>
              ),
            }))}
            style={{ flex: 1 }}
          />
        </Flex>
      }
      table={
        <KycTable
          rows={rows}
          loading={query.isFetching}
          onDetail={setDetail}
          onReview={(row, action) => setReview({ row, action })}
          onView={setViewer}
          onReloadImages={reload}
        />
      }
      footer={
        <ListFooter
          pagination={pagination}
          page={pagination?.page ?? page}
          onChange={(next) => setAddress({ page: next })}
          testId="kyc"
          disabled={query.isFetching}
        />
      }
      below={
        <>
          <KycDetailModal
            row={detailRow}
            onClose={() => setDetail(null)}
            onView={setViewer}
            onReloadImages={reload}
          />
          <KycReviewModal review={review} onClose={() => setReview(null)} onDone={reload} />
          {viewer && (
            <ImageViewer
              src={viewer.src}
              title={viewer.title}
              alt={viewer.title}
              onClose={() => setViewer(null)}
            />
          )}
        </>
      }
    />
  );
}
