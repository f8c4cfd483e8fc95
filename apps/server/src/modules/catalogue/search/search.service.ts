import {
  KEYWORD_MAX,
  type PageOf,
  type ProductCard,
  SEARCH_HISTORY_MAX,
  SEARCH_HOT_FALLBACK,
  SEARCH_HOT_MAX,
  SEARCH_SUGGEST_MAX,
  type SearchGoodsQuery,
} from '@chaopin/contracts';
import { AppError } from '../../../platform/errors.ts';
import type { CatalogueService } from '../browse/catalogue.service.ts';
import type { CachedJson } from '../cache/cached-json.ts';
import type { SearchRepo } from './search.repo.ts';
import type { SearchLogBuffer } from './search-log-buffer.ts';

const HOT_WINDOW_MS = 7 * 24 * 3600_000;

/** A keyword trimmed to 1-30 characters (code points), else KEYWORD_INVALID. */
export function normalizeKeyword(raw: string): string {
  const keyword = raw.trim().replace(/\s+/g, ' ');
  const length = [...keyword].length;
  if (length < 1 || length > KEYWORD_MAX) throw new AppError('KEYWORD_INVALID');
  return keyword;
}

/**
 * Product search by title substring. Titles are matched with ILIKE '%keyword%', which the
 * pg_trgm GIN index serves for keywords of 3+ characters; 1-2 character keywords give no
 * trigram to look up, so PostgreSQL filters the on-shelf rows instead (cheap at catalogue size).
 */
export class SearchService {
  constructor(
    private readonly repo: SearchRepo,
    private readonly catalogue: CatalogueService,
    private readonly anonymousLog: SearchLogBuffer,
  ) {}

  /** Results of a search; the first page of a search counts towards history and hot searches. */
  async search(query: SearchGoodsQuery, userId: number | undefined): Promise<PageOf<ProductCard>> {
    const keyword = await this.recordSearch(query, userId);
    return this.catalogue.pageProducts({ titleContains: keyword }, query);
  }

  /** search() as the serialized envelope, the page cached (`serialize` is the route's serializer). */
  async searchText(
    query: SearchGoodsQuery,
    userId: number | undefined,
    serialize: (page: PageOf<ProductCard>) => string,
  ): Promise<CachedJson> {
    const keyword = await this.recordSearch(query, userId);
    const key = `search:${keyword}:${query.sort ?? 'default'}:${query.pageNum ?? 1}:${query.pageSize ?? ''}`;
    return this.catalogue.cache.listText(key, async () =>
      serialize(await this.catalogue.pageProducts({ titleContains: keyword }, query)),
    );
  }

  /** The first page of a search counts towards history (signed in) and hot searches. */
  private async recordSearch(query: SearchGoodsQuery, userId: number | undefined) {
    const keyword = normalizeKeyword(query.keyword);
    if ((query.pageNum ?? 1) === 1) {
      if (userId === undefined) this.anonymousLog.add(keyword);
      else await this.repo.record(keyword, userId, SEARCH_HISTORY_MAX);
    }
    return keyword;
  }

  history(userId: number): Promise<string[]> {
    return this.repo.history(userId, SEARCH_HISTORY_MAX);
  }

  async clearHistory(userId: number): Promise<void> {
    await this.repo.clearHistory(userId);
  }

  async hot(now = new Date()): Promise<string[]> {
    await this.anonymousLog.flush();
    const hot = await this.repo.hot(new Date(now.getTime() - HOT_WINDOW_MS), SEARCH_HOT_MAX);
    return hot.length > 0 ? hot : [...SEARCH_HOT_FALLBACK];
  }

  /** Product titles containing the text, topped up with popular searched keywords. */
  async suggest(raw: string, now = new Date()): Promise<string[]> {
    const text = normalizeKeyword(raw);
    const titles = await this.repo.titlesContaining(text, SEARCH_SUGGEST_MAX);
    if (titles.length >= SEARCH_SUGGEST_MAX) return titles;
    const since = new Date(now.getTime() - HOT_WINDOW_MS);
    await this.anonymousLog.flush();
    const keywords = await this.repo.keywordsContaining(text, since, SEARCH_SUGGEST_MAX);
    return [...new Set([...titles, ...keywords])].slice(0, SEARCH_SUGGEST_MAX);
  }
}
