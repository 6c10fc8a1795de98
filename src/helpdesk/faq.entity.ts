import { defineEntity, p, type Opt } from '@mikro-orm/core';
import { HELP_CATEGORIES } from './vocabulary.js';

const FaqSchema = defineEntity({
  name: 'Faq',
  tableName: 'faqs',
  properties: {
    id: p.integer().primary().autoincrement(),
    question: p.string().length(500),
    answer: p.text(),
    category: p.enum(HELP_CATEGORIES),
    /** Comma-separated, as the legacy API writes it; normalised on the way in (trimmed, no empties, no duplicates). */
    tags: p.string().length(1100).default(''),
    displayOrder: p.integer().default(0),
    isActive: p.boolean().default(true),
    createdAt: p.datetime(),
    updatedAt: p.datetime(),
    searchVector: p
      .type('tsvector')
      .$type<Opt<string>>()
      .generated(
        `(setweight(to_tsvector('simple', coalesce("question", '')), 'A') || setweight(to_tsvector('simple', replace(coalesce("tags", ''), ',', ' ')), 'B') || setweight(to_tsvector('simple', coalesce("answer", '')), 'C')) stored`,
      )
      .lazy()
      .hidden(),
  },
  indexes: [
    // The public list: active entries of a category in display order.
    { name: 'faqs_listing_index', properties: ['isActive', 'category', 'displayOrder', 'id'] },
    { name: 'faqs_search_index', properties: ['searchVector'], type: 'gin' },
  ],
});

export class Faq extends FaqSchema.class {}
FaqSchema.setClass(Faq);
export { FaqSchema };
