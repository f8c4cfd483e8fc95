import { useInfiniteQuery } from '@tanstack/react-query';
import { ErrorBlock, SearchBar } from 'antd-mobile';
import { LeftOutline } from 'antd-mobile-icons';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { useGoBack } from '../../../ui/hooks/useGoBack.ts';
import { PATHS } from '../../../ui/pageConfig.ts';
import { liveSearchQuery } from '../api.ts';
import { RoomGrid } from '../components/RoomGrid.tsx';
import '../live.css';

/** 搜索直播: by room title or host nickname; ?keyword= keeps the search across back/forward. */
export default function LiveSearchPage() {
  const [params, setParams] = useSearchParams();
  const keyword = (params.get('keyword') ?? '').trim();
  const [text, setText] = useState(keyword);
  const goBack = useGoBack();
  const query = useInfiniteQuery(liveSearchQuery(keyword));

  const search = (value: string) => {
    const v = value.trim().slice(0, 30);
    setParams(v ? { keyword: v } : {}, { replace: true });
  };

  return (
    <div className="live-search" data-testid="live-search">
      <header className="live-search__bar">
        <button type="button" aria-label="返回" onClick={() => goBack(PATHS.live)}>
          <LeftOutline />
        </button>
        <SearchBar
          className="live-search__input"
          placeholder="搜索主播、直播间"
          value={text}
          maxLength={30}
          autoFocus={!keyword}
          onChange={setText}
          onSearch={search}
          onClear={() => search('')}
        />
        <button
          type="button"
          className="live-search__go"
          data-testid="live-search-submit"
          onClick={() => search(text)}
        >
          搜索
        </button>
      </header>
      <div className="live-search__body">
        {keyword ? (
          <RoomGrid
            query={query}
            empty={
              <ErrorBlock
                status="empty"
                title="没有找到相关直播"
                description={`换个关键词试试，比如主播昵称`}
              />
            }
          />
        ) : (
          <p className="live-search__hint">输入主播昵称或直播标题搜索</p>
        )}
      </div>
    </div>
  );
}
