import { PictureOutlined, ReloadOutlined } from '@ant-design/icons';
import { Button, Flex, Typography } from 'antd';
import { type CSSProperties, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** The cache-busting parameter a reload adds (spec 001 §8), keeping the URL's own query (the signature). */
export const CACHE_BUST_PARAM = '_t';

export function withCacheBust(url: string, value: number | string): string {
  const hashAt = url.indexOf('#');
  const base = hashAt === -1 ? url : url.slice(0, hashAt);
  const hash = hashAt === -1 ? '' : url.slice(hashAt);
  const cleaned = base
    .replace(new RegExp(`([?&])${CACHE_BUST_PARAM}=[^&]*(&|$)`), (_, lead: string, tail: string) =>
      tail ? lead : '',
    )
    .replace(/[?&]$/, '');
  return `${cleaned}${cleaned.includes('?') ? '&' : '?'}${CACHE_BUST_PARAM}=${encodeURIComponent(String(value))}${hash}`;
}

export interface RetryImageProps {
  /** The image URL (a short-lived signed URL); null when the application has no such image. */
  url: string | null | undefined;
  alt: string;
  width: number;
  height: number;
  /** Opens the viewer with the URL currently shown. */
  onOpen?: (src: string) => void;
  /** Called by 重新加载 as well (the page refetches the list to get fresh signed URLs). */
  onReload?: () => void;
  testId?: string;
  style?: CSSProperties;
}

/**
 * An ID image that can fail: on a load error it shows 图片加载失败 with 重新加载, which loads the
 * image again with a cache-busting parameter (and asks the page for fresh URLs).
 */
export function RetryImage({ url, alt, width, height, onOpen, onReload, testId, style }: RetryImageProps) {
  const { t } = useTranslation('common');
  const [bust, setBust] = useState<number | null>(null);
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const box: CSSProperties = {
    width,
    height,
    borderRadius: 4,
    border: '1px solid rgba(5, 5, 5, 0.06)',
    background: 'rgba(0, 0, 0, 0.02)',
    ...style,
  };

  if (!url) {
    return (
      <Flex vertical justify="center" align="center" style={box} data-testid={testId}>
        <PictureOutlined style={{ color: 'rgba(0, 0, 0, 0.25)' }} />
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {t('components.noImage')}
        </Typography.Text>
      </Flex>
    );
  }

  const src = bust === null ? url : withCacheBust(url, bust);
  if (failedSrc === src) {
    return (
      <Flex
        vertical
        justify="center"
        align="center"
        gap={2}
        style={box}
        data-testid={testId && `${testId}-failed`}
      >
        <Typography.Text type="danger" style={{ fontSize: 12 }}>
          {t('components.imageFailed')}
        </Typography.Text>
        <Button
          size="small"
          type="link"
          icon={<ReloadOutlined />}
          onClick={(event) => {
            event.stopPropagation();
            setBust((current) => Math.max(Date.now(), (current ?? 0) + 1));
            onReload?.();
          }}
          data-testid="image-retry"
          style={{ fontSize: 12, padding: 0, height: 'auto' }}
        >
          {t('components.reload')}
        </Button>
      </Flex>
    );
  }

  const image = (
    <img
      src={src}
      alt={alt}
      width={width}
      height={height}
      loading="lazy"
      data-testid={testId}
      onError={() => setFailedSrc(src)}
      style={{ objectFit: 'cover', ...box, display: 'block', cursor: onOpen ? 'zoom-in' : undefined }}
    />
  );
  if (!onOpen) return image;
  return (
    <button
      type="button"
      aria-label={t('components.viewImage', { alt })}
      onClick={() => onOpen(src)}
      style={{ padding: 0, border: 'none', background: 'none', cursor: 'zoom-in' }}
    >
      {image}
    </button>
  );
}
