import type { EntityManager } from '@mikro-orm/postgresql';
import { read } from '../platform/db/read.js';
import { asIsoTimestamp, isoTimestamp, type IsoTimestamp } from '../platform/db/timestamps.js';
import type { Faq } from './faq.entity.js';
import { matchCondition, rankExpression, type SearchedColumn, type TextMatch } from './text-search.js';
import type { HelpCategory } from './vocabulary.js';

/*
 * What the API shows of an FAQ entry, as an entity holds it or as a plain object read with fixed SQL (search, which
 * every visitor of the help page may send). Entities stay the way to change entries.
 */

export type FaqView = Pick<Faq, 'id' | 'question' | 'answer' | 'category' | 'tags' | 'displayOrder' | 'isActive'> & {
  createdAt: IsoTimestamp;
  updatedAt: IsoTimestamp;
};

/** What the API shows of an entry an entity holds (a list read through the ORM, or one just changed). */
export function faqViewOf(faq: Faq): FaqView {
  return {
    id: faq.id,
    question: faq.question,
    answer: faq.answer,
    category: faq.category,
    tags: faq.tags,
    displayOrder: faq.displayOrder,
    isActive: faq.isActive,
    createdAt: asIsoTimestamp(faq.createdAt),
    updatedAt: asIsoTimestamp(faq.updatedAt),
  };
}

// Tags are stored comma-separated: the substring match sees them space-separated, so a term never matches
// across the comma between two tags ("n,n" is in no tag of "vpn,network").
export const FAQ_SEARCHED_COLUMNS: readonly SearchedColumn[] = [
  'question',
  'answer',
  (alias) => `replace(${alias}.tags, ',', ' ')`,
];

interface FaqRow {
  id: number;
  question: string;
  answer: string;
  category: HelpCategory;
  tags: string;
  display_order: number;
  is_active: boolean;
  created_at: string;
  updated_at: string;
}

/**
 * Active entries matching a search, best match first (text-search.ts), then in display order (category, display
 * order, id); a short term's substring matches in display order. The FAQ is small enough to rank every match.
 */
export async function searchFaqs(em: EntityManager, match: TextMatch, limit: number): Promise<FaqView[]> {
  // Planned once: the FAQ's plan hardly depends on the term (it is read through its GIN index or in full).
  const condition = matchCondition(match, 'search_vector', FAQ_SEARCHED_COLUMNS, 'once');
  const rank = rankExpression(match, 'search_vector', 'once');
  const rows = await read<FaqRow>(
    em,
    `select id, question, answer, category, tags, display_order, is_active, created_at, updated_at
       from faqs where is_active and ${condition.sql('faqs')}
      order by ${rank ? `${rank.sql('faqs')} desc, ` : ''}category, display_order, id limit ?`,
    [...condition.params, ...(rank?.params ?? []), limit],
  );
  return rows.map((row) => ({
    id: row.id,
    question: row.question,
    answer: row.answer,
    category: row.category,
    tags: row.tags,
    displayOrder: row.display_order,
    isActive: row.is_active,
    createdAt: isoTimestamp(em, row.created_at),
    updatedAt: isoTimestamp(em, row.updated_at),
  }));
}
