import { useCallback, useEffect, useRef, useState } from 'react';
import { useStore } from 'zustand';
import { errorMessage, ErrorNotice, Loading, runtimeConfigStore } from '@linksite/platform';
import { fetchTagList } from '../api/fetch-tag-list';
import { KeywordCloud } from '../components/keyword-cloud';
import { ProductCard } from '../components/product-card';
import { ReserveLink } from '../components/reserve-link';
import { ShareBar } from '../components/share-bar';
import { usePagedLinks } from '../hooks/use-paged-links';
import './store-page.css';
import { firstScreenTag, takeFirstScreen, useFirstScreenPage, useFirstScreenRequest } from '../lib/first-screen-data';
import { messages } from '../lib/messages';

// The first load takes the page's inlined data when it has it (docs/decisions/0032-server-rendered-first-screen.md),
// later loads ask the API.
const loadTags = () => {
  const tags = takeFirstScreen('tags');
  return tags ? Promise.resolve(tags) : fetchTagList();
};

function KeywordSection() {
  const searchUrl = useStore(runtimeConfigStore, (s) => s.config?.searchUrl ?? '');
  const tags = useFirstScreenRequest('tags', loadTags);
  return (
    <section className="store-page__keywords" aria-labelledby="store-keywords-title">
      <h2 id="store-keywords-title" className="store-page__title">
        {messages.popularKeywords}
      </h2>
      {tags.status === 'loading' && <Loading />}
      {tags.status === 'error' && (
        <ErrorNotice
          message={`${messages.tagsLoadFailed} ${errorMessage(tags.error)}`}
          onRetry={tags.reload}
          testId="tags-error"
        />
      )}
      {tags.status === 'success' && <KeywordCloud words={tags.data} searchUrl={searchUrl} />}
    </section>
  );
}

/**
 * The `?tag=` of the page's address: the one tag whose links the list shows (docs/decisions/0036-paged-public-read.md),
 * or null.
 */
function useTagFilter(): [string | null, () => void] {
  // No window when rendered on the server (the first screen's HTML): the filter its data was read for.
  const read = () =>
    typeof window === 'undefined'
      ? firstScreenTag()
      : new URLSearchParams(window.location.search).get('tag')?.trim() || null;
  const [tag, setTag] = useState(read);
  useEffect(() => {
    const onPop = () => setTag(read());
    window.addEventListener('popstate', onPop);
    return () => window.removeEventListener('popstate', onPop);
  }, []);
  const clear = useCallback(() => {
    const url = new URL(window.location.href);
    url.searchParams.delete('tag');
    window.history.pushState(window.history.state, '', `${url.pathname}${url.search}${url.hash}`);
    setTag(null);
  }, []);
  return [tag, clear];
}

/**
 * Calls `onVisible` whenever the returned element's box comes within 600 px of the viewport
 * (docs/decisions/0036-paged-public-read.md: the next page loads before the visitor reaches the end). Without
 * IntersectionObserver nothing happens: the `더 보기` button remains.
 */
function useSentinel(onVisible: () => void, active: boolean) {
  const ref = useRef<HTMLDivElement>(null);
  const latest = useRef(onVisible);
  useEffect(() => {
    latest.current = onVisible;
  }, [onVisible]);
  useEffect(() => {
    const element = ref.current;
    if (!active || !element || typeof IntersectionObserver === 'undefined') return undefined;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) latest.current();
      },
      { rootMargin: '0px 0px 600px 0px' },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [active]);
  return ref;
}

function ProductSection() {
  const [tag, clearTag] = useTagFilter();
  // The first mount starts from the page's first screen (docs/decisions/0032-server-rendered-first-screen.md): the
  // server's cards from the first render.
  const firstPage = useFirstScreenPage(tag);
  const store = usePagedLinks(tag, firstPage ?? undefined);
  const sentinel = useSentinel(store.loadMore, store.status === 'more');
  const filter = tag && (
    <p className="store-page__filter" data-testid="tag-filter">
      <span>{messages.filteredBy(tag)}</span>
      <button type="button" className="store-page__filter-clear" onClick={clearTag}>
        {messages.showAll}
      </button>
    </p>
  );
  if (store.items.length === 0) {
    if (store.status === 'loading') return <Loading />;
    if (store.status === 'error') {
      return (
        <ErrorNotice
          message={`${messages.storeLoadFailed} ${errorMessage(store.error)}`}
          onRetry={store.retry}
          testId="store-error"
        />
      );
    }
    return (
      <>
        {filter}
        <p className="store-page__empty">{tag ? messages.noTaggedProducts(tag) : messages.noProducts}</p>
      </>
    );
  }
  return (
    <>
      {filter}
      <div className="store-grid">
        {store.items.map((product, index) => (
          <ProductCard key={product.id} product={product} index={index} />
        ))}
      </div>
      <div ref={sentinel} className="store-page__more" data-testid="store-more">
        {/* Kept while the page loads, so a keyboard user's focus stays on it; a second press asks for nothing. */}
        {(store.status === 'more' || store.status === 'loading') && (
          <button
            type="button"
            className="store-page__more-button"
            onClick={store.loadMore}
            aria-busy={store.status === 'loading'}
          >
            {store.status === 'loading' ? messages.loadingMore : messages.loadMore}
          </button>
        )}
        {store.status === 'error' && (
          <ErrorNotice
            message={`${messages.storeLoadFailed} ${errorMessage(store.error)}`}
            onRetry={store.retry}
            testId="store-error"
          />
        )}
      </div>
    </>
  );
}

/**
 * The public store page at `/` (docs/product.md#2-screens-and-routes): share row (docs/decisions/0038-share-and-qr.md),
 * keyword cloud and product cards. Exposed as `mf_store/StorePage`.
 */
export function StorePage() {
  return (
    <div className="store-page">
      <ShareBar />
      <ReserveLink />
      <KeywordSection />
      <ProductSection />
    </div>
  );
}
