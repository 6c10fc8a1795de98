import { LockMode, raw, type EntityManager, type FilterQuery } from '@mikro-orm/postgresql';
import { NotFoundError, ValidationError } from '../platform/errors.js';
import type { Actor } from '../platform/auth/principal.js';
import { changesBetween, fieldsOf, type AuditRecorder } from '../audit/recorder.js';
import { Faq } from './faq.entity.js';
import { FAQ_SEARCHED_COLUMNS, faqViewOf, searchFaqs, type FaqView } from './faq-read-model.js';
import { matchCondition, textMatch, type TextMatch } from './text-search.js';
import { characters, displayOrder, normaliseTags, requiredText, searchTerm } from './validation.js';
import { HELP_CATEGORIES, LIMITS, type HelpCategory } from './vocabulary.js';

export interface NewFaq {
  question: string;
  answer: string;
  category?: HelpCategory | null;
  tags?: readonly string[] | null;
  displayOrder?: number | null;
  isActive?: boolean | null;
}

export type FaqChanges = Partial<{ [K in keyof NewFaq]: NewFaq[K] | null }>;

const FAQ_FIELDS = ['question', 'answer', 'category', 'tags', 'displayOrder', 'isActive'] as const;
const faqTarget = (faq: Faq) => ({ type: 'faq', id: faq.id, name: faq.question }) as const;

export interface FaqGroup {
  category: HelpCategory;
  entries: FaqView[];
}

/** Matches question, answer and tags, case-insensitively (see text-search.ts for how). */
function searchFilter(match: TextMatch): FilterQuery<Faq> {
  const condition = matchCondition(match, 'search_vector', FAQ_SEARCHED_COLUMNS);
  return { [raw(condition.sql, condition.params)]: [] };
}

/** The FAQ: public reading of active entries, administrators' upkeep (the shield rules say who calls what). */
export class FaqService {
  constructor(
    private readonly now: () => Date,
    private readonly audit: AuditRecorder,
  ) {}

  async list(
    em: EntityManager,
    filter: { category?: HelpCategory | null; search?: string | null },
  ): Promise<{ groups: FaqGroup[]; totalCount: number }> {
    const where: FilterQuery<Faq> = { isActive: true };
    if (filter.category) where.category = filter.category;
    const search = filter.search?.trim();
    if (search) {
      if (characters(search) > LIMITS.searchTerm)
        throw new ValidationError(`search must be at most ${LIMITS.searchTerm} characters`, 'search');
      Object.assign(where, searchFilter(textMatch(search)));
    }
    const entries = await em.find(Faq, where, { orderBy: [{ displayOrder: 'asc' }, { id: 'asc' }] });
    const groups = HELP_CATEGORIES.map((c) => ({
      category: c,
      entries: entries.filter((e) => e.category === c).map(faqViewOf),
    })).filter((g) => g.entries.length > 0);
    return { groups, totalCount: entries.length };
  }

  /**
   * Active entries matching `term`, best match first (a question's words above its tags', those above its answer's:
   * see searchFaqs), then in display order; at most LIMITS.searchResults of them.
   */
  async search(em: EntityManager, term: string): Promise<FaqView[]> {
    return searchFaqs(em, textMatch(searchTerm(term, 'q')), LIMITS.searchResults);
  }

  async create(em: EntityManager, actor: Actor, input: NewFaq): Promise<Faq> {
    const now = this.now();
    const values = {
      question: requiredText(input.question, 'question', LIMITS.question),
      answer: requiredText(input.answer, 'answer', LIMITS.answer),
      category: input.category ?? 'general',
      tags: normaliseTags(input.tags),
      displayOrder: displayOrder(input.displayOrder),
      isActive: input.isActive ?? true,
      createdAt: now,
      updatedAt: now,
    };
    return em.transactional(async (tx) => {
      const faq = tx.create(Faq, values);
      await tx.flush(); // the event names the entry by id
      this.audit.record(tx, actor, {
        action: 'faq.create',
        target: faqTarget(faq),
        changes: fieldsOf(faq, FAQ_FIELDS, 'created'),
      });
      return faq;
    });
  }

  async update(em: EntityManager, actor: Actor, id: number, input: FaqChanges): Promise<Faq> {
    const given = (Object.keys(input) as (keyof FaqChanges)[]).filter((k) => input[k] !== undefined);
    if (given.length === 0) {
      throw new ValidationError(
        'Nothing to update: send at least one of question, answer, category, tags, display_order, is_active',
      );
    }
    const changes: Partial<Pick<Faq, 'question' | 'answer' | 'category' | 'tags' | 'displayOrder' | 'isActive'>> = {};
    if (input.question !== undefined) changes.question = requiredText(input.question, 'question', LIMITS.question);
    if (input.answer !== undefined) changes.answer = requiredText(input.answer, 'answer', LIMITS.answer);
    if (input.category !== undefined) {
      if (input.category === null) throw new ValidationError('category cannot be null', 'category');
      changes.category = input.category;
    }
    if (input.tags !== undefined) changes.tags = normaliseTags(input.tags);
    if (input.displayOrder !== undefined) changes.displayOrder = displayOrder(input.displayOrder);
    if (input.isActive !== undefined) {
      if (input.isActive === null) throw new ValidationError('is_active cannot be null', 'is_active');
      changes.isActive = input.isActive;
    }
    return em.transactional(async (tx) => {
      const faq = await tx.findOne(Faq, { id }, { lockMode: LockMode.PESSIMISTIC_WRITE });
      if (!faq) throw new NotFoundError();
      const audited = changesBetween(faq, changes, FAQ_FIELDS);
      if (audited.length)
        this.audit.record(tx, actor, { action: 'faq.update', target: faqTarget(faq), changes: audited });
      tx.assign(faq, { ...changes, updatedAt: this.now() });
      return faq;
    });
  }

  async delete(em: EntityManager, actor: Actor, id: number): Promise<true> {
    return em.transactional(async (tx) => {
      const faq = await tx.findOne(Faq, { id }, { lockMode: LockMode.PESSIMISTIC_WRITE });
      if (!faq || (await tx.nativeDelete(Faq, { id })) === 0) throw new NotFoundError();
      this.audit.record(tx, actor, {
        action: 'faq.delete',
        target: faqTarget(faq),
        changes: fieldsOf(faq, FAQ_FIELDS, 'deleted'),
      });
      return true as const;
    });
  }
}
