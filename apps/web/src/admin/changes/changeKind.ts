import { dottedLabelIn } from '../../i18n/dotted.ts';

/** A change kind's name in `language` (some kinds hold dots: read from the catalogue's changes.kinds). */
export const changeKindIn = (language: string, kind: string) =>
  dottedLabelIn(language, (admin) => admin.changes.kinds, kind);
