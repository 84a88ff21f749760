import { ReloadOutlined } from '@ant-design/icons';
import { QR_FILES_PATH } from '@platform/contracts';
import { Button, Flex, Image, Spin, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { readToken } from '../lib/storage.ts';

type Source = { state: 'loading' } | { state: 'ready'; src: string } | { state: 'failed' };

/**
 * A private upload (`/api/files/qrcodes/...`) needs the bearer token, which an <img> cannot send:
 * it is fetched with the header and shown through an object URL. External URLs are shown as they are.
 */
export function usePrivateImage(url: string, attempt: number): Source {
  const [source, setSource] = useState<Source>({ state: 'loading' });

  useEffect(() => {
    if (!url.startsWith(QR_FILES_PATH)) {
      setSource({ state: 'ready', src: url });
      return;
    }
    setSource({ state: 'loading' });
    const controller = new AbortController();
    let objectUrl: string | undefined;
    const token = readToken();
    // A reload asks again past any cache.
    fetch(attempt > 0 ? `${url}?t=${attempt}` : url, {
      headers: token ? { Authorization: `Bearer ${token}` } : {},
      signal: controller.signal,
    })
      .then(async (response) => {
        if (!response.ok) throw new Error(`HTTP ${response.status}`);
        objectUrl = URL.createObjectURL(await response.blob());
        setSource({ state: 'ready', src: objectUrl });
      })
      .catch(() => {
        if (!controller.signal.aborted) setSource({ state: 'failed' });
      });
    return () => {
      controller.abort();
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [url, attempt]);

  return source;
}

/** A QR image with a loading state and a failed view with a reload button. */
export function QrImage({ url, size = 120, testId }: { url: string; size?: number; testId?: string }) {
  const { t } = useTranslation('common');
  const [attempt, setAttempt] = useState(0);
  const [broken, setBroken] = useState(false);
  const source = usePrivateImage(url, attempt);
  const box = { width: size, height: size };

  if (source.state === 'loading') {
    return (
      <Flex align="center" justify="center" style={box}>
        <Spin size="small" />
      </Flex>
    );
  }
  if (source.state === 'failed' || broken) {
    return (
      <Flex
        vertical
        align="center"
        justify="center"
        gap={4}
        style={box}
        data-testid={testId && `${testId}-failed`}
      >
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {t('components.imageFailed')}
        </Typography.Text>
        <Button
          size="small"
          icon={<ReloadOutlined />}
          onClick={() => {
            setBroken(false);
            setAttempt((n) => n + 1);
          }}
        >
          {t('components.reload')}
        </Button>
      </Flex>
    );
  }
  return (
    <Image
      src={source.src}
      alt={t('components.qrAlt')}
      width={size}
      height={size}
      style={{ objectFit: 'contain' }}
      onError={() => setBroken(true)}
      data-testid={testId}
    />
  );
}
