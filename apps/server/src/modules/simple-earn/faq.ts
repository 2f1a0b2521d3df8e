import { readerLocale } from '@earn/domain';
import { and, asc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { faqs } from '../../db/schema.js';

/** FAQ items of a product page ('simple-earn', ...), in the asked language (English when missing). */
export async function listFaq(db: Executor, mold: string, locale: string) {
  const lang = readerLocale(locale);
  let items = await db
    .select()
    .from(faqs)
    .where(and(eq(faqs.mold, mold), eq(faqs.locale, lang)))
    .orderBy(asc(faqs.position));
  if (items.length === 0 && lang !== 'en') {
    items = await db
      .select()
      .from(faqs)
      .where(and(eq(faqs.mold, mold), eq(faqs.locale, 'en')))
      .orderBy(asc(faqs.position));
  }
  return items.map((i) => ({ ask: i.ask, answer: i.answer, cate: i.cate }));
}
