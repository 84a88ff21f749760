import { randomBytes } from 'node:crypto';
import QRCode from 'qrcode';
import { trc20AddressOf } from '../packages/domain/src/withdrawal-address.ts';

/** A valid TRC20 address nobody owns (random account id, real checksum): USDT channels need one. */
export const randomTrc20Address = (): string => trc20AddressOf(randomBytes(20));

/** A PNG of a QR code holding `text` (the server decodes a channel's QR image and compares). */
export const qrPng = (text: string): Promise<Buffer> =>
  QRCode.toBuffer(text, { type: 'png', margin: 4, scale: 6 });
