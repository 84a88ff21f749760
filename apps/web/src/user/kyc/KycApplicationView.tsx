import type { KycApplication } from '@platform/contracts';
import { formatDateTime } from '@platform/domain';
import { Descriptions, Flex } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ImageViewer } from '../../components/ImageViewer.tsx';
import { RetryImage } from '../../components/RetryImage.tsx';
import { maskIdNumber } from '../../lib/idNumber.ts';

const THUMB_WIDTH = 150;
const THUMB_HEIGHT = 95;

/**
 * What the user sent, as the server holds it: the name, the ID number masked, the times and both
 * images (signed URLs that expire: 重新加载 asks the page for fresh ones).
 */
export function KycApplicationView({
  application,
  onReload,
}: {
  application: KycApplication;
  onReload: () => void;
}) {
  const [viewing, setViewing] = useState<{ src: string; title: string } | null>(null);
  const { t } = useTranslation('user');
  const images = [
    { key: 'front', title: t('kyc.front'), url: application.id_front_url },
    { key: 'back', title: t('kyc.back'), url: application.id_back_url },
  ];
  return (
    <>
      <Descriptions
        column={1}
        size="small"
        data-testid="kyc-application"
        items={[
          { key: 'name', label: t('kyc.realName'), children: application.real_name },
          { key: 'id', label: t('kyc.idNumber'), children: maskIdNumber(application.id_number) },
          { key: 'created', label: t('kyc.submittedAt'), children: formatDateTime(application.created_at) },
          ...(application.reviewed_at
            ? [
                {
                  key: 'reviewed',
                  label: t('kyc.reviewedAt'),
                  children: formatDateTime(application.reviewed_at),
                },
              ]
            : []),
        ]}
      />
      <Flex gap={12} wrap style={{ marginTop: 8 }}>
        {images.map((image) => (
          <RetryImage
            key={image.key}
            url={image.url}
            alt={image.title}
            width={THUMB_WIDTH}
            height={THUMB_HEIGHT}
            onOpen={(src) => setViewing({ src, title: image.title })}
            onReload={onReload}
            testId={`kyc-own-${image.key}`}
          />
        ))}
      </Flex>
      {viewing && (
        <ImageViewer
          src={viewing.src}
          alt={viewing.title}
          title={viewing.title}
          onClose={() => setViewing(null)}
        />
      )}
    </>
  );
}
