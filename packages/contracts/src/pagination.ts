import { z } from 'zod';
import { DEFAULT_PAGE_SIZE, MAX_PAGE, MAX_PAGE_SIZE } from './constants.ts';

/** `page` of a list: 1 to MAX_PAGE, so that no OFFSET can overflow what the database counts in. */
export const pageNumber = z.coerce.number().int().min(1).max(MAX_PAGE).default(1);

export const pageQuery = z.object({
  page: pageNumber,
  limit: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
});
export type PageQuery = z.infer<typeof pageQuery>;

export const pagination = z.object({
  page: z.number().int(),
  limit: z.number().int(),
  total: z.number().int(),
  totalPages: z.number().int(),
});
export type Pagination = z.infer<typeof pagination>;

/**
 * The most rows a search counts (as the journal's JOURNAL_WINDOW): past it the total is
 * LIST_COUNT_CAP + 1 and `totalExact` is false ("more than 10,000"). Counting every match of a
 * broad term at a million rows is what makes a list slow.
 */
export const LIST_COUNT_CAP = 10_000;

/** A list whose search total may be capped: `totalExact` false means more than LIST_COUNT_CAP match. */
export const cappedPagination = pagination.extend({ totalExact: z.boolean() });
export type CappedPagination = z.infer<typeof cappedPagination>;

/** `/:id` of a record: a positive integer. */
export const idParams = z.object({ id: z.coerce.number().int().positive('id 不正确') });

/**
 * `user_id` of an admin list: only that user's records (the links of 用户详情). A positive integer
 * within the id column's range; anything else is 400 用户ID不正确.
 */
export const userIdFilter = z.coerce
  .number({ error: '用户ID不正确' })
  .int({ error: '用户ID不正确' })
  .positive({ error: '用户ID不正确' })
  .max(2_147_483_647, { error: '用户ID不正确' })
  .optional();
