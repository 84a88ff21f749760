import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { applyViewAction, ImageViewer, INITIAL_VIEW, MAX_ZOOM, MIN_ZOOM } from './ImageViewer.tsx';

const zoomText = () => screen.getByTestId('image-viewer-zoom').textContent;
const transform = () => (screen.getByTestId('image-viewer-image') as HTMLImageElement).style.transform;
const press = (key: string) => fireEvent.keyDown(window, { key });

describe('ImageViewer', () => {
  it('zooms with + and = and - in steps of 1.2 within 20% to 500%, rotates with R, resets with 0', () => {
    render(<ImageViewer src="/a.png" title="身份证正面" onClose={() => {}} />);
    expect(screen.getByTestId('image-viewer')).toBeTruthy();
    expect(zoomText()).toBe('100%');
    press('+');
    expect(zoomText()).toBe('120%');
    press('=');
    expect(zoomText()).toBe('144%');
    expect(transform()).toContain('scale(1.44');
    for (let i = 0; i < 20; i += 1) press('+');
    expect(zoomText()).toBe('500%');
    expect(transform()).toContain('scale(5)');
    press('0');
    expect(zoomText()).toBe('100%');
    press('-');
    expect(zoomText()).toBe('83%');
    for (let i = 0; i < 20; i += 1) press('-');
    expect(zoomText()).toBe('20%');
    expect(transform()).toContain('scale(0.2)');

    press('r');
    expect(transform()).toContain('rotate(90deg)');
    press('R');
    press('R');
    press('R');
    expect(transform()).toContain('rotate(0deg)');
    press('R');
    press('0');
    expect(zoomText()).toBe('100%');
    expect(transform()).toBe('translate(0px, 0px) scale(1) rotate(0deg)');
  });

  it('has buttons for the same and drags to pan', () => {
    render(<ImageViewer src="/a.png" onClose={() => {}} />);
    fireEvent.click(screen.getByTestId('image-viewer-zoomIn'));
    expect(zoomText()).toBe('120%');
    fireEvent.click(screen.getByTestId('image-viewer-zoomOut'));
    expect(zoomText()).toBe('100%');
    fireEvent.click(screen.getByTestId('image-viewer-rotate'));
    expect(transform()).toContain('rotate(90deg)');

    fireEvent.mouseDown(screen.getByTestId('image-viewer-image'), { button: 0, clientX: 10, clientY: 10 });
    fireEvent.mouseMove(window, { clientX: 60, clientY: 40 });
    fireEvent.mouseUp(window);
    expect(transform()).toContain('translate(50px, 30px)');
    fireEvent.mouseMove(window, { clientX: 200, clientY: 200 });
    expect(transform()).toContain('translate(50px, 30px)');

    fireEvent.click(screen.getByTestId('image-viewer-reset'));
    expect(transform()).toBe('translate(0px, 0px) scale(1) rotate(0deg)');
  });

  it('closes with Esc and with the close button', () => {
    const onClose = vi.fn();
    render(<ImageViewer src="/a.png" onClose={onClose} />);
    press('Escape');
    expect(onClose).toHaveBeenCalledTimes(1);
    fireEvent.click(screen.getByTestId('image-viewer-close'));
    expect(onClose).toHaveBeenCalledTimes(2);
  });

  it('keeps the zoom inside its bounds', () => {
    let view = INITIAL_VIEW;
    for (let i = 0; i < 50; i += 1) view = applyViewAction(view, 'zoomIn');
    expect(view.scale).toBe(MAX_ZOOM);
    for (let i = 0; i < 50; i += 1) view = applyViewAction(view, 'zoomOut');
    expect(view.scale).toBe(MIN_ZOOM);
  });
});
