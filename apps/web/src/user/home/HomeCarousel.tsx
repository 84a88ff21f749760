import { type CarouselItem, isSafeLink } from '@platform/contracts';
import { Carousel, Skeleton, Typography } from 'antd';
import { type CSSProperties, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { SectionError } from '../../components/SectionError.tsx';
import { useCarousel } from './homeApi.ts';

const BANNER_GRADIENT = 'linear-gradient(135deg, #1d39c4 0%, #1677ff 55%, #13c2c2 100%)';

function frame(height: number): CSSProperties {
  return {
    position: 'relative',
    display: 'block',
    height,
    borderRadius: 12,
    overflow: 'hidden',
    background: BANNER_GRADIENT,
    color: '#fff',
  };
}

/**
 * A slide's link, only when it is safe (contracts' isSafeLink): a site path stays in the app, an
 * http(s) address opens in a new tab without access to this page.
 */
function SlideLink({
  href,
  style,
  children,
}: {
  href: string | null;
  style: CSSProperties;
  children: ReactNode;
}) {
  if (!href || !isSafeLink(href)) return <div style={style}>{children}</div>;
  if (href.startsWith('/')) {
    return (
      <Link to={href} style={style}>
        {children}
      </Link>
    );
  }
  return (
    <a href={href} target="_blank" rel="noopener noreferrer" style={style}>
      {children}
    </a>
  );
}

function Slide({ item, height }: { item: CarouselItem; height: number }) {
  const [broken, setBroken] = useState(false);
  const src = item.image_url && isSafeLink(item.image_url) && !broken ? item.image_url : null;
  return (
    <SlideLink href={item.link_url} style={frame(height)}>
      {src && (
        <img
          src={src}
          alt={item.title}
          onError={() => setBroken(true)}
          style={{ width: '100%', height: '100%', objectFit: 'cover', display: 'block' }}
        />
      )}
      <span
        data-testid={`carousel-title-${item.id}`}
        style={{
          position: 'absolute',
          left: 0,
          right: 0,
          bottom: 0,
          padding: '24px 14px 22px',
          background: src ? 'linear-gradient(transparent, rgba(0,0,0,0.55))' : undefined,
          fontSize: 16,
          fontWeight: 600,
          overflow: 'hidden',
          textOverflow: 'ellipsis',
          whiteSpace: 'nowrap',
        }}
      >
        {item.title}
      </span>
    </SlideLink>
  );
}

/** Shown when nothing is published: the platform's own banner instead of a hole. */
function WelcomeBanner({ height }: { height: number }) {
  const { t } = useTranslation('user');
  return (
    <div style={{ ...frame(height), padding: 18 }} data-testid="carousel-empty">
      <Typography.Title level={4} style={{ color: '#fff', marginTop: 0 }}>
        {t('home.bannerTitle')}
      </Typography.Title>
      <Typography.Text style={{ color: 'rgba(255,255,255,0.85)' }}>{t('home.bannerText')}</Typography.Text>
    </div>
  );
}

export function HomeCarousel({ height }: { height: number }) {
  const carousel = useCarousel();
  const { t } = useTranslation('user');
  if (carousel.isPending) {
    return (
      <Skeleton.Node
        active
        style={{ width: '100%', height, borderRadius: 12 }}
        data-testid="carousel-loading"
      />
    );
  }
  if (carousel.isError) {
    return (
      <SectionError
        title={t('home.carouselFailed')}
        reason={carousel.error.message}
        onRetry={() => void carousel.refetch()}
        retrying={carousel.isFetching}
        testId="carousel-error"
      />
    );
  }
  if (carousel.data.length === 0) return <WelcomeBanner height={height} />;
  return (
    <div data-testid="home-carousel" style={{ borderRadius: 12, overflow: 'hidden' }}>
      <Carousel autoplay={carousel.data.length > 1} autoplaySpeed={5000} dots={carousel.data.length > 1}>
        {carousel.data.map((item) => (
          <div key={item.id}>
            <Slide item={item} height={height} />
          </div>
        ))}
      </Carousel>
    </div>
  );
}
