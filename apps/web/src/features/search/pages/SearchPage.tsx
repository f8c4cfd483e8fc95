import { KEYWORD_MAX, type ProductSort, SEARCH_HOT_FALLBACK } from '@chaopin/contracts';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Dialog } from 'antd-mobile';
import { DeleteOutline, FireFill, LeftOutline, SearchOutline } from 'antd-mobile-icons';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useSession } from '../../../core/session.ts';
import { useGoBack } from '../../../ui/hooks/useGoBack.ts';
import { PATHS } from '../../../ui/pageConfig.ts';
import { ProductFeedView } from '../../../ui/product/ProductFeed.tsx';
import { SortBar } from '../../../ui/SortBar.tsx';
import { showToast } from '../../../ui/toast.ts';
import '../../../ui/category.css';
import {
  searchApi,
  searchHistoryQuery,
  searchHotQuery,
  searchKeys,
  searchQuery,
  suggestQuery,
} from '../api.ts';
import '../search.css';

function useDebounced<T>(value: T, ms: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return debounced;
}

/** ?keyword= shows results; without it: history, hot searches and suggestions while typing. */
export default function SearchPage() {
  const [params, setParams] = useSearchParams();
  const keyword = (params.get('keyword') ?? '').trim();
  const [text, setText] = useState(keyword);
  const [typing, setTyping] = useState(!keyword);
  const [sort, setSort] = useState<ProductSort>('default');
  const goBack = useGoBack();
  const isLogin = useSession((s) => s.isLogin);
  const queryClient = useQueryClient();

  const input = useRef<HTMLInputElement>(null);
  useEffect(() => {
    setText(keyword);
    setTyping(!keyword);
    if (!keyword) input.current?.focus();
  }, [keyword]);

  const search = (word: string) => {
    const value = word.trim();
    if (!value) return showToast('请输入搜索内容');
    if (value.length > KEYWORD_MAX) return showToast(`搜索内容最多${KEYWORD_MAX}个字`);
    setText(value);
    setTyping(false);
    setSort('default');
    if (value !== keyword) setParams({ keyword: value });
    // The server records the search in the history; show it next time.
    setTimeout(
      () => void queryClient.invalidateQueries({ queryKey: searchKeys.searchHistory }),
      800,
    );
  };
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    search(text);
    (document.activeElement as HTMLElement | null)?.blur();
  };

  return (
    <div className="search">
      <form className="search-bar" onSubmit={onSubmit}>
        <button
          type="button"
          className="search-bar__back"
          aria-label="返回"
          onClick={() => goBack(PATHS.home)}
        >
          <LeftOutline />
        </button>
        <label className="search-bar__box">
          <SearchOutline />
          <input
            type="search"
            enterKeyHint="search"
            placeholder="搜索你想要的好物"
            value={text}
            maxLength={KEYWORD_MAX}
            ref={input}
            onFocus={() => setTyping(true)}
            onChange={(e) => {
              setText(e.target.value);
              setTyping(true);
            }}
          />
        </label>
        <button type="submit" className="search-bar__go">
          搜索
        </button>
      </form>

      {typing || !keyword ? (
        <SearchHome text={text} isLogin={isLogin} onPick={search} />
      ) : (
        <Results keyword={keyword} sort={sort} onSort={setSort} />
      )}
    </div>
  );
}

function SearchHome({
  text,
  isLogin,
  onPick,
}: {
  text: string;
  isLogin: boolean;
  onPick: (word: string) => void;
}) {
  const queryClient = useQueryClient();
  const typed = useDebounced(text.trim(), 250);
  const suggest = useQuery({ ...suggestQuery(typed), enabled: typed.length > 0 });
  const history = useQuery({ ...searchHistoryQuery(), enabled: isLogin });
  const hot = useQuery(searchHotQuery());
  const clear = useMutation({
    mutationFn: searchApi.clearHistory,
    onSuccess: () => queryClient.setQueryData(searchKeys.searchHistory, []),
  });

  if (text.trim()) {
    const words = suggest.data ?? [];
    return (
      <ul className="search-suggest" aria-label="搜索建议">
        {words.map((word) => (
          <li key={word}>
            <button type="button" className="search-suggest__item" onClick={() => onPick(word)}>
              <SearchOutline />
              <span>{word}</span>
            </button>
          </li>
        ))}
        {words.length === 0 && (
          <li>
            <button type="button" className="search-suggest__item" onClick={() => onPick(text)}>
              <SearchOutline />
              <span>搜索“{text.trim()}”</span>
            </button>
          </li>
        )}
      </ul>
    );
  }

  const hotWords = hot.data && hot.data.length > 0 ? hot.data : SEARCH_HOT_FALLBACK;
  return (
    <div className="search-home">
      {isLogin && history.data && history.data.length > 0 && (
        <section className="search-section">
          <header>
            <h3>历史搜索</h3>
            <button
              type="button"
              className="search-section__clear"
              aria-label="清空历史搜索"
              onClick={async () => {
                const ok = await Dialog.confirm({
                  content: '确定清空历史搜索吗？',
                  confirmText: '清空',
                  cancelText: '取消',
                });
                if (ok) clear.mutate();
              }}
            >
              <DeleteOutline />
            </button>
          </header>
          <div className="search-chips">
            {history.data.map((word) => (
              <button type="button" className="search-chip" key={word} onClick={() => onPick(word)}>
                {word}
              </button>
            ))}
          </div>
        </section>
      )}
      <section className="search-section">
        <header>
          <h3>热门搜索</h3>
        </header>
        <div className="search-chips">
          {hotWords.map((word, i) => (
            <button
              type="button"
              key={word}
              className={i < 3 ? 'search-chip is-hot' : 'search-chip'}
              onClick={() => onPick(word)}
            >
              {i < 3 && <FireFill />}
              {word}
            </button>
          ))}
        </div>
      </section>
    </div>
  );
}

function Results({
  keyword,
  sort,
  onSort,
}: {
  keyword: string;
  sort: ProductSort;
  onSort: (sort: ProductSort) => void;
}) {
  const query = useInfiniteQuery(searchQuery(keyword, sort));
  return (
    <div className="search-results">
      <div className="search-results__sort">
        <SortBar sort={sort} onChange={onSort} />
      </div>
      <ProductFeedView query={query} empty="换个关键词试试吧" />
    </div>
  );
}
