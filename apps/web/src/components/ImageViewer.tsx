import {
  CloseOutlined,
  RotateRightOutlined,
  UndoOutlined,
  ZoomInOutlined,
  ZoomOutOutlined,
} from '@ant-design/icons';
import { Button, Flex, Tooltip, Typography } from 'antd';
import {
  type MouseEvent as ReactMouseEvent,
  type ReactNode,
  useCallback,
  useEffect,
  useRef,
  useState,
} from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';

/** Spec 001 §9: zoom 0.2x to 5x in steps of ×/÷1.2, rotation by 90 degrees. */
export const MIN_ZOOM = 0.2;
export const MAX_ZOOM = 5;
export const ZOOM_STEP = 1.2;
export const ROTATE_STEP = 90;

const clampZoom = (value: number) => Math.min(MAX_ZOOM, Math.max(MIN_ZOOM, value));

export interface ViewState {
  scale: number;
  rotation: number;
  x: number;
  y: number;
}
export const INITIAL_VIEW: ViewState = { scale: 1, rotation: 0, x: 0, y: 0 };

export type ViewAction = 'zoomIn' | 'zoomOut' | 'rotate' | 'reset';

/** One viewer step (pure, so the bounds are easy to reason about). */
export function applyViewAction(view: ViewState, action: ViewAction): ViewState {
  switch (action) {
    case 'zoomIn':
      return { ...view, scale: clampZoom(view.scale * ZOOM_STEP) };
    case 'zoomOut':
      return { ...view, scale: clampZoom(view.scale / ZOOM_STEP) };
    case 'rotate':
      return { ...view, rotation: (view.rotation + ROTATE_STEP) % 360 };
    case 'reset':
      return INITIAL_VIEW;
  }
}

/** The keys of spec 001 §2: + and = zoom in, - zoom out, R rotate, 0 reset (Esc closes). */
export function keyAction(key: string): ViewAction | null {
  switch (key) {
    case '+':
    case '=':
      return 'zoomIn';
    case '-':
    case '_':
      return 'zoomOut';
    case 'r':
    case 'R':
      return 'rotate';
    case '0':
      return 'reset';
    default:
      return null;
  }
}

export const zoomPercent = (scale: number) => `${Math.round(scale * 100)}%`;

export interface ImageViewerProps {
  src: string;
  alt?: string;
  /** Shown in the toolbar (e.g. 身份证正面). */
  title?: ReactNode;
  onClose: () => void;
}

/**
 * The full-screen image viewer: zoom, rotate, drag to pan; keys +/=, -, R, 0 and Esc; buttons for the
 * same. Mount it to open it (the view starts at 100% every time).
 */
export function ImageViewer({ src, alt = '', title, onClose }: ImageViewerProps) {
  const { t } = useTranslation('common');
  const [view, setView] = useState<ViewState>(INITIAL_VIEW);
  const [dragging, setDragging] = useState(false);
  const drag = useRef<{ startX: number; startY: number; x: number; y: number } | null>(null);
  const overlay = useRef<HTMLDivElement>(null);
  const closeRef = useRef(onClose);
  closeRef.current = onClose;

  const act = useCallback((action: ViewAction) => setView((current) => applyViewAction(current, action)), []);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.ctrlKey || event.metaKey || event.altKey) return;
      if (event.key === 'Escape') {
        event.preventDefault();
        event.stopPropagation();
        closeRef.current();
        return;
      }
      const action = keyAction(event.key);
      if (!action) return;
      event.preventDefault();
      event.stopPropagation();
      act(action);
    };
    // Capture phase, so that a modal underneath does not also take the Esc.
    window.addEventListener('keydown', onKey, true);
    return () => window.removeEventListener('keydown', onKey, true);
  }, [act]);

  useEffect(() => {
    overlay.current?.focus();
  }, []);

  useEffect(() => {
    const onMove = (event: MouseEvent) => {
      const start = drag.current;
      if (!start) return;
      setView((current) => ({
        ...current,
        x: start.x + event.clientX - start.startX,
        y: start.y + event.clientY - start.startY,
      }));
    };
    const onUp = () => {
      drag.current = null;
      setDragging(false);
    };
    window.addEventListener('mousemove', onMove);
    window.addEventListener('mouseup', onUp);
    return () => {
      window.removeEventListener('mousemove', onMove);
      window.removeEventListener('mouseup', onUp);
    };
  }, []);

  const startDrag = (event: ReactMouseEvent) => {
    if (event.button !== 0) return;
    event.preventDefault();
    drag.current = { startX: event.clientX, startY: event.clientY, x: view.x, y: view.y };
    setDragging(true);
  };

  const buttons: { action: ViewAction; label: string; icon: ReactNode; disabled?: boolean }[] = [
    {
      action: 'zoomOut',
      label: t('components.viewer.zoomOut'),
      icon: <ZoomOutOutlined />,
      disabled: view.scale <= MIN_ZOOM,
    },
    {
      action: 'zoomIn',
      label: t('components.viewer.zoomIn'),
      icon: <ZoomInOutlined />,
      disabled: view.scale >= MAX_ZOOM,
    },
    { action: 'rotate', label: t('components.viewer.rotate'), icon: <RotateRightOutlined /> },
    { action: 'reset', label: t('components.viewer.reset'), icon: <UndoOutlined /> },
  ];

  return createPortal(
    <div
      ref={overlay}
      role="dialog"
      aria-modal="true"
      aria-label={typeof title === 'string' ? title : t('components.viewer.label')}
      tabIndex={-1}
      data-testid="image-viewer"
      style={{
        position: 'fixed',
        inset: 0,
        zIndex: 2000,
        background: 'rgba(0, 0, 0, 0.88)',
        overflow: 'hidden',
        outline: 'none',
        userSelect: 'none',
      }}
      onWheel={(event) => act(event.deltaY < 0 ? 'zoomIn' : 'zoomOut')}
    >
      <Flex
        justify="space-between"
        align="center"
        gap={8}
        style={{
          position: 'absolute',
          top: 0,
          left: 0,
          right: 0,
          zIndex: 1,
          padding: '8px 16px',
          background: 'rgba(0, 0, 0, 0.45)',
        }}
      >
        <Typography.Text style={{ color: '#fff' }}>{title}</Typography.Text>
        <Flex gap={8} align="center">
          {buttons.map((button) => (
            <Tooltip key={button.action} title={button.label}>
              <Button
                ghost
                icon={button.icon}
                aria-label={button.label}
                disabled={button.disabled}
                onClick={() => act(button.action)}
                data-testid={`image-viewer-${button.action}`}
              />
            </Tooltip>
          ))}
          <Typography.Text
            style={{ color: '#fff', minWidth: 48, textAlign: 'center' }}
            data-testid="image-viewer-zoom"
          >
            {zoomPercent(view.scale)}
          </Typography.Text>
          <Tooltip title={t('components.viewer.close')}>
            <Button
              ghost
              icon={<CloseOutlined />}
              aria-label={t('components.viewer.close')}
              onClick={onClose}
              data-testid="image-viewer-close"
            />
          </Tooltip>
        </Flex>
      </Flex>
      <Flex
        justify="center"
        align="center"
        style={{ position: 'absolute', inset: 0, cursor: dragging ? 'grabbing' : 'grab' }}
        onMouseDown={startDrag}
      >
        <img
          src={src}
          alt={alt}
          draggable={false}
          data-testid="image-viewer-image"
          style={{
            maxWidth: '90vw',
            maxHeight: '85vh',
            transform: `translate(${view.x}px, ${view.y}px) scale(${view.scale}) rotate(${view.rotation}deg)`,
            transition: dragging ? 'none' : 'transform 0.15s ease-out',
          }}
        />
      </Flex>
      <Typography.Text
        style={{
          position: 'absolute',
          bottom: 12,
          left: 0,
          right: 0,
          textAlign: 'center',
          color: 'rgba(255, 255, 255, 0.65)',
        }}
      >
        {t('components.viewer.help')}
      </Typography.Text>
    </div>,
    document.body,
  );
}
