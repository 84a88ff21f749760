import type { Pagination } from '@platform/contracts';

/** LIMIT/OFFSET of a page query. */
export const pageOf = (query: { page: number; limit: number }) => ({
  limit: query.limit,
  offset: (query.page - 1) * query.limit,
});

/** The reply's pagination block. */
export const paginationOf = (query: { page: number; limit: number }, total: number): Pagination => ({
  page: query.page,
  limit: query.limit,
  total,
  totalPages: Math.ceil(total / query.limit),
});
