import { useStore } from 'zustand';
import { errorMessage, ErrorNotice, Loading, runtimeConfigStore, useRequest } from '@linksite/platform';
import { fetchStore } from '../api/fetch-store';
import { fetchTagList } from '../api/fetch-tag-list';
import { KeywordCloud } from '../components/keyword-cloud';
import { ProductCard } from '../components/product-card';
import { ReserveLink } from '../components/reserve-link';
import { ShareBar } from '../components/share-bar';
import './store-page.css';
import { messages } from '../lib/messages';

function KeywordSection() {
  const searchUrl = useStore(runtimeConfigStore, (s) => s.config?.searchUrl ?? '');
  const tags = useRequest(fetchTagList);
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

function ProductSection() {
  const store = useRequest(fetchStore);
  if (store.status === 'loading') return <Loading />;
  if (store.status === 'error') {
    return (
      <ErrorNotice
        message={`${messages.storeLoadFailed} ${errorMessage(store.error)}`}
        onRetry={store.reload}
        testId="store-error"
      />
    );
  }
  if (store.data.length === 0) return <p className="store-page__empty">{messages.noProducts}</p>;
  return (
    <div className="store-grid">
      {store.data.map((product, index) => (
        <ProductCard key={product.id} product={product} index={index} />
      ))}
    </div>
  );
}

/**
 * The public store page at `/` (spec §2): share row (issue 14 item 7), keyword cloud and product cards. Exposed as
 * `mf_store/StorePage`.
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
