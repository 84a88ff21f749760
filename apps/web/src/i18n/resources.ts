import type { Language } from '@platform/contracts';
import { adminEn } from './admin/en.ts';
import { adminZhCN } from './admin/zh-CN.ts';
import type { Catalogue } from './catalogue.ts';
import { commonEn } from './common/en.ts';
import { commonZhCN } from './common/zh-CN.ts';
import { userEn } from './user/en.ts';
import { userZhCN } from './user/zh-CN.ts';

/** The namespaces: `common` (both apps), `user` (the user app), `admin` (the back office). */
export const NAMESPACES = ['common', 'user', 'admin'] as const;

/** zh-CN's catalogues are the reference: the others are typed to have exactly their keys (Catalogue). */
export const zhCNResources = { common: commonZhCN, user: userZhCN, admin: adminZhCN };

/** The back office's catalogue, in any language (zh-CN's plurals have no `_one` form). */
export type AdminCatalogue = typeof adminZhCN | Catalogue<typeof adminZhCN>;

/** zh-CN as it is; every other language with exactly its keys, and a `_one` beside each plural `_other`. */
export const resources: {
  [L in Language]: L extends 'zh-CN' ? typeof zhCNResources : Catalogue<typeof zhCNResources>;
} = {
  'zh-CN': zhCNResources,
  en: { common: commonEn, user: userEn, admin: adminEn },
};
