import { imageTooLargeMessage, NOT_AN_IMAGE_MESSAGE } from '@platform/contracts';
import { afterEach, describe, expect, it } from 'vitest';
import { applyLanguage } from '../i18n/index.ts';
import { imageUploadProblem } from './imageUpload.ts';

const MB = 1024 * 1024;
const ANY_IMAGE = 'image/jpeg,image/png,image/gif,image/webp';

describe('imageUploadProblem', () => {
  it('takes the accepted types up to the limit, the limit included', () => {
    const rule = { maxBytes: 5 * MB, accept: ANY_IMAGE };
    for (const type of ['image/png', 'image/jpeg', 'image/webp'])
      expect(imageUploadProblem({ type, size: 10 }, rule)).toBeNull();
    expect(imageUploadProblem({ type: 'image/png', size: 5 * MB }, rule)).toBeNull();
    expect(imageUploadProblem({ type: 'image/png', size: 5 * MB + 1 }, rule)).toBe('图片大小不能超过5MB');
  });

  it('refuses what is not an image, and a file the browser gives no type', () => {
    const rule = { maxBytes: 5 * MB, accept: ANY_IMAGE };
    for (const type of ['application/pdf', 'text/html', ''])
      expect(imageUploadProblem({ type, size: 10 }, rule)).toBe(NOT_AN_IMAGE_MESSAGE);
  });

  it('refuses images of other types, and names its own limit', () => {
    const rule = { maxBytes: 2 * MB, accept: 'image/jpeg,image/png' };
    expect(imageUploadProblem({ type: 'image/jpeg', size: 10 }, rule)).toBeNull();
    for (const type of ['image/webp', 'image/bmp', 'image/svg+xml'])
      expect(imageUploadProblem({ type, size: 10 }, rule)).toBe(NOT_AN_IMAGE_MESSAGE);
    expect(imageUploadProblem({ type: 'image/png', size: 2 * MB + 1 }, rule)).toBe(
      imageTooLargeMessage(2 * MB),
    );
  });

  it('judges the type before the size', () => {
    expect(
      imageUploadProblem({ type: 'application/pdf', size: 50 * MB }, { maxBytes: MB, accept: ANY_IMAGE }),
    ).toBe(NOT_AN_IMAGE_MESSAGE);
  });

  describe('in English', () => {
    afterEach(() => applyLanguage('zh-CN'));

    it('says the contracts’ English, as the server does', () => {
      applyLanguage('en');
      const rule = { maxBytes: 1.5 * MB, accept: ANY_IMAGE };
      expect(imageUploadProblem({ type: 'text/html', size: 10 }, rule)).toBe('Please select an image file');
      expect(imageUploadProblem({ type: 'image/png', size: 2 * MB }, rule)).toBe(
        'The image cannot be larger than 1.5 MB',
      );
    });
  });
});
