import { imageTooLargeMessage, NOT_AN_IMAGE_MESSAGE } from '@platform/contracts';

/** What an upload field accepts before it sends a file; the server judges the bytes again. */
export interface ImageUploadRule {
  maxBytes: number;
  /** The file input's `accept` list from the contracts (e.g. KYC_IMAGE_ACCEPT), judged here by the type the browser reports. */
  accept: string;
}

/** Why a chosen file cannot be uploaded under `rule` (the contracts' messages), or null. */
export function imageUploadProblem(file: Pick<File, 'type' | 'size'>, rule: ImageUploadRule): string | null {
  if (!rule.accept.split(',').includes(file.type)) return NOT_AN_IMAGE_MESSAGE;
  if (file.size > rule.maxBytes) return imageTooLargeMessage(rule.maxBytes);
  return null;
}
