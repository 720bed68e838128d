import { errorMessage, ErrorNotice, imageUrl, ko, Loading, useRequest, type Cover, type Plan } from '@linksite/platform';
import { fetchCover } from '../api/fetch-cover';
import { fetchUpcomingPlans } from '../api/fetch-upcoming-plans';
import { FEATURED_PLANS, planStatus } from '../lib/plan-status';
import './banner.css';

interface BannerData {
  plans: Plan[];
  cover: Cover | null;
}

// The cover is decoration: without it the banner still shows the plans.
const loadBanner = async (): Promise<BannerData> => {
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

/**
 * The banner above every route (spec §2 "Banner"): upcoming plans with `D - n` or `OPEN`, the first two featured,
 * on the cover image. Loading and errors stay inside the banner's own area. Exposed as `mf_plans/Banner`.
 */
export function Banner() {
  const request = useRequest(loadBanner);
  const cover = request.status === 'success' && request.data.cover ? imageUrl(request.data.cover.imagelink, 1280) : null;

  return (
    <section
      className={`plan-banner${cover ? ' plan-banner--cover' : ''}`}
      style={cover ? { backgroundImage: `linear-gradient(rgb(15 23 42 / 55%), rgb(15 23 42 / 70%)), url("${cover}")` } : undefined}
      aria-label={ko.upcomingPlans}
      data-testid="plan-banner"
    >
      <div className="plan-banner__inner">
        {request.status === 'loading' && <Loading className="plan-banner__loading" />}
        {request.status === 'error' && (
          <ErrorNotice
            message={`${ko.plansLoadFailed} ${errorMessage(request.error)}`}
            onRetry={request.reload}
            testId="plan-banner-error"
          />
        )}
        {request.status === 'success' &&
          (request.data.plans.length === 0 ? (
            <p className="plan-banner__empty">{ko.noPlans}</p>
          ) : (
            <ul className="plan-banner__list">
              {request.data.plans.map((plan, index) => (
                <PlanItem key={plan.id} plan={plan} featured={index < FEATURED_PLANS} />
              ))}
            </ul>
          ))}
        {/* Seam: the cover-edit button (link to /uploadimage for signed-in staff, spec §2) comes with the auth issue. */}
      </div>
    </section>
  );
}
