import { useEffect, useRef } from 'react';
import { Link } from 'react-router-dom';
import { useStore } from 'zustand';
import type { Cover, Plan } from '@linksite/contract';
import { rolesAllow, siteRolesOf } from '@linksite/contract/api-rules';
import {
  errorMessage,
  ErrorNotice,
  imageUrl,
  Loading,
  runtimeConfigStore,
  useBannerVersion,
  useRequest,
  useSessionUser,
} from '@linksite/platform';
import { fetchCover } from '../api/fetch-cover';
import { fetchUpcomingPlans } from '../api/fetch-upcoming-plans';
import { takeFirstScreen, useFirstScreenBanner } from '../lib/first-screen-data';
import { FEATURED_PLANS, planStatus } from '../lib/plan-status';
import { ReserveLink } from './reserve-link';
import './banner.css';
import { messages } from '../lib/messages';

interface BannerData {
  plans: Plan[];
  cover: Cover | null;
}

// The cover is decoration: without it the banner still shows the plans. The first load takes the page's inlined
// data when it has it (docs/decisions/0032-server-rendered-first-screen.md).
const loadBanner = async (): Promise<BannerData> => {
  const initial = takeFirstScreen();
  if (initial) return initial;
  const [plans, cover] = await Promise.all([fetchUpcomingPlans(), fetchCover().catch(() => null)]);
  return { plans, cover };
};

function PlanItem({ plan, featured }: { plan: Plan; featured: boolean }) {
  const status = planStatus(plan.status);
  return (
    <li className={`plan-item${featured ? ' plan-item--featured' : ''}`} data-testid="plan-item">
      <span className={`plan-item__status plan-item__status--${status.kind}`} data-testid="plan-status">
        {status.label}
      </span>
      <span className="plan-item__title">{plan.title}</span>
    </li>
  );
}

const PencilIcon = (
  <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true" focusable="false">
    <path
      fill="currentColor"
      d="M15.2 3.6a2 2 0 0 1 2.8 0l2.4 2.4a2 2 0 0 1 0 2.8L9.6 19.6 4 21l1.4-5.6L15.2 3.6Zm1.4 1.4-1.7 1.7 2.4 2.4L19 7.4 16.6 5ZM13.5 8.1 7.2 14.4l-.8 3.2 3.2-.8 6.3-6.3-2.4-2.4Z"
    />
  </svg>
);

/**
 * docs/product.md#2-screens-and-routes: the team sees the cover-edit button while sessionStorage holds `user` (read
 * through the platform store), when its roles may change the cover (owner, editor).
 */
function CoverEditButton() {
  const user = useSessionUser();
  // The cover is an editor's screen: door staff, signed in too, get no button that leads to a refusal.
  const legacyOwnerRole = useStore(runtimeConfigStore, (state) => state.config?.auth.adminRole ?? 'admin');
  if (!user || !rolesAllow(siteRolesOf(user.roles, legacyOwnerRole), ['editor'])) return null;
  return (
    <Link
      className="plan-banner__cover-edit"
      to="/uploadimage"
      title={messages.changeCover}
      data-testid="cover-edit-button"
    >
      {PencilIcon}
      <span>{messages.changeCover}</span>
    </Link>
  );
}

/**
 * The banner above every route (docs/product.md#2-screens-and-routes "Banner"): upcoming plans with `D - n` or `OPEN`,
 * the first two featured, on the cover image, and the cover-edit button for staff. Loading and errors stay inside the
 * banner's own area. Exposed as `mf_plans/Banner`; it needs a react-router context (the shell's, or the harness's).
 */
export function Banner() {
  const request = useRequest(loadBanner);
  const { reload } = request;
  // The served page's data shows from the first render, as the server rendered it (no layout shift).
  const initial = useFirstScreenBanner();

  // Another screen changed plans or the cover (platform `bannerChanged()`): fetch again.
  const version = useBannerVersion();
  const seenVersion = useRef(version);
  useEffect(() => {
    if (version === seenVersion.current) return;
    seenVersion.current = version;
    reload();
  }, [version, reload]);

  // While fetching again, keep showing what was there instead of flashing `불러오는 중…`.
  const data =
    request.status === 'success'
      ? request.data
      : request.status === 'loading'
        ? (request.previous ?? initial ?? null)
        : null;
  const cover = data?.cover?.imagelink ?? null;

  // The cover is an <img>, not a CSS background: in the served first screen it is in the HTML (no style attribute,
  // which the site's CSP refuses), so the browser fetches it with the page; it is the page's largest paint
  // (docs/decisions/0031-public-page-from-kakaotalk.md targets: LCP). Decoration only: empty alt.
  return (
    <section
      className={`plan-banner${cover ? ' plan-banner--cover' : ''}`}
      aria-label={messages.upcomingPlans}
      data-testid="plan-banner"
    >
      {cover && (
        <img
          className="plan-banner__cover"
          src={imageUrl(cover, 1280)}
          srcSet={`${imageUrl(cover, 640)} 640w, ${imageUrl(cover, 1280)} 1280w`}
          sizes="100vw"
          alt=""
          fetchPriority="high"
          data-testid="plan-banner-cover"
        />
      )}
      <div className="plan-banner__inner">
        {request.status === 'loading' && !data && <Loading className="plan-banner__loading" />}
        {request.status === 'error' && (
          <ErrorNotice
            message={`${messages.plansLoadFailed} ${errorMessage(request.error)}`}
            onRetry={request.reload}
            testId="plan-banner-error"
          />
        )}
        {data &&
          (data.plans.length === 0 ? (
            <p className="plan-banner__empty">{messages.noPlans}</p>
          ) : (
            <ul className="plan-banner__list">
              {data.plans.map((plan, index) => (
                <PlanItem key={plan.id} plan={plan} featured={index < FEATURED_PLANS} />
              ))}
            </ul>
          ))}
        <div className="plan-banner__links">
          <ReserveLink served={initial?.reserveOpen ?? null} />
          <CoverEditButton />
        </div>
      </div>
    </section>
  );
}
