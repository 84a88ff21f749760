import { asc, desc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { announcements, carouselItems } from './home.schema.ts';

export type CarouselRow = typeof carouselItems.$inferSelect;
export type CarouselValues = Omit<typeof carouselItems.$inferInsert, 'id' | 'createdAt' | 'updatedAt'>;
export type AnnouncementRow = typeof announcements.$inferSelect;
export type AnnouncementValues = Omit<typeof announcements.$inferInsert, 'id' | 'createdAt' | 'updatedAt'>;

// ---- carousel ----

/** All items (or the published ones) by sort order, then id. */
export const listCarousel = (exec: Executor, onlyPublished = false) =>
  exec
    .select()
    .from(carouselItems)
    .where(onlyPublished ? eq(carouselItems.isPublished, true) : undefined)
    .orderBy(asc(carouselItems.sortOrder), asc(carouselItems.id));

export async function findCarousel(exec: Executor, id: number, forUpdate = false) {
  const query = exec.select().from(carouselItems).where(eq(carouselItems.id, id)).limit(1);
  return (await (forUpdate ? query.for('update') : query))[0];
}

export async function nextCarouselOrder(exec: Executor) {
  const [row] = await exec
    .select({ next: sql<number>`coalesce(max(${carouselItems.sortOrder}), -1)::int + 1` })
    .from(carouselItems);
  return Number(row?.next ?? 0);
}

export async function insertCarousel(exec: Executor, values: CarouselValues) {
  const [row] = await exec.insert(carouselItems).values(values).returning();
  if (!row) throw new Error('insert into carousel_items returned nothing');
  return row;
}

export async function updateCarousel(exec: Executor, id: number, values: Partial<CarouselValues>) {
  const [row] = await exec
    .update(carouselItems)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(carouselItems.id, id))
    .returning();
  return row;
}

export async function deleteCarousel(exec: Executor, id: number) {
  const [row] = await exec.delete(carouselItems).where(eq(carouselItems.id, id)).returning();
  return row;
}

/** Every item, locked, by id (a fixed lock order). */
export const lockAllCarousel = (exec: Executor) =>
  exec.select().from(carouselItems).orderBy(asc(carouselItems.id)).for('update');

// ---- announcements ----

/** All announcements (or the published ones) by sort order, then newest first. */
export const listAnnouncements = (exec: Executor, onlyPublished = false) =>
  exec
    .select()
    .from(announcements)
    .where(onlyPublished ? eq(announcements.isPublished, true) : undefined)
    .orderBy(
      asc(announcements.sortOrder),
      sql`${announcements.publishedAt} desc nulls last`,
      desc(announcements.id),
    );

export async function findAnnouncement(exec: Executor, id: number, forUpdate = false) {
  const query = exec.select().from(announcements).where(eq(announcements.id, id)).limit(1);
  return (await (forUpdate ? query.for('update') : query))[0];
}

/** New announcements go first: one below the smallest order. */
export async function firstAnnouncementOrder(exec: Executor) {
  const [row] = await exec
    .select({ next: sql<number>`coalesce(min(${announcements.sortOrder}), 1)::int - 1` })
    .from(announcements);
  return Number(row?.next ?? 0);
}

export async function insertAnnouncement(exec: Executor, values: AnnouncementValues) {
  const [row] = await exec.insert(announcements).values(values).returning();
  if (!row) throw new Error('insert into announcements returned nothing');
  return row;
}

export async function updateAnnouncement(exec: Executor, id: number, values: Partial<AnnouncementValues>) {
  const [row] = await exec
    .update(announcements)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(announcements.id, id))
    .returning();
  return row;
}

export async function deleteAnnouncement(exec: Executor, id: number) {
  const [row] = await exec.delete(announcements).where(eq(announcements.id, id)).returning();
  return row;
}

export const lockAllAnnouncements = (exec: Executor) =>
  exec.select().from(announcements).orderBy(asc(announcements.id)).for('update');
