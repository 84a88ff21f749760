import { imageTooLargeMessage, NOT_AN_IMAGE_MESSAGE } from '@platform/contracts';

/** What an upload field accepts before it sends a file; the server judges the bytes again. */
export interface ImageUploadRule {
  maxBytes: number;
  /** The MIME types accepted, as the browser reports them; any image/* when absent. */
  types?: readonly string[];
}

/** Why a chosen file cannot be uploaded under `rule` (the contracts' messages), or null. */
export function imageUploadProblem(file: Pick<File, 'type' | 'size'>, rule: ImageUploadRule): string | null {
  const accepted = rule.types ? rule.types.includes(file.type) : file.type.startsWith('image/');
  if (!accepted) return NOT_AN_IMAGE_MESSAGE;
  if (file.size > rule.maxBytes) return imageTooLargeMessage(rule.maxBytes);
  return null;
}
