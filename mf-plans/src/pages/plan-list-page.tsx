import { Link } from 'react-router-dom';
import type { Plan } from '@linksite/contract';
import { bannerChanged, errorMessage, ErrorNotice, Loading, useRequest } from '@linksite/platform';
import { deletePlan } from '../api/delete-plan';
import { fetchPlans } from '../api/fetch-plans';
import { formatPlanDate } from '../lib/plan-date';
import '../components/plan-screens.css';
import { messages } from '../lib/messages';

const TrashIcon = (
  <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
    <path fill="currentColor" d="M9 3h6l1 2h4v2H4V5h4l1-2Zm-3 6h12l-1 12H7L6 9Zm4 2v8h2v-8h-2Zm4 0v8h2v-8h-2Z" />
  </svg>
);

function PlanRow({ plan, onDelete }: { plan: Plan; onDelete: (plan: Plan) => void }) {
  return (
    <li className="plan-row" data-testid="plan-row">
      <div className="plan-row__text">
        <span className="plan-row__dates" data-testid="plan-row-dates">
          <time dateTime={plan.startdate}>{formatPlanDate(plan.startdate)}</time> ~{' '}
          <time dateTime={plan.enddate}>{formatPlanDate(plan.enddate)}</time>
        </span>
        <span className="plan-row__title" title={plan.title}>
          {plan.title}
        </span>
      </div>
      <div className="plan-row__actions">
        <Link className="plan-row__edit" to={`/plan/edit/${plan.id}`} aria-label={messages.planEdit(plan.title)}>
          {messages.edit}
        </Link>
        <button
          type="button"
          className="plan-row__delete"
          aria-label={messages.planDelete(plan.title)}
          title={messages.delete}
          onClick={() => onDelete(plan)}
        >
          {TrashIcon}
        </button>
      </div>
    </li>
  );
}

/**
 * `/plan/list`, 일정 정보 관리 (docs/product.md#2-screens-and-routes): each plan as `startdate ~ enddate` and its title, `수정`
 * and a delete icon; `+ 일정 등록` leads to `/plan`. A delete asks first, alerts the server's message and loads the list
 * again (docs/product.md#4-states-and-transitions says the page reloads; a refetch shows the same thing without losing
 * the signed-in state).
 */
export function PlanListPage() {
  const plans = useRequest(fetchPlans);

  const remove = async (plan: Plan) => {
    if (!window.confirm(messages.planDeleteConfirm)) return;
    try {
      window.alert(await deletePlan(plan.id, plan.version));
    } catch (error) {
      // A 409 (changed by another administrator since the list loaded, docs/decisions/0048-no-silent-overwrite.md)
      // deleted nothing: say why and show the stored list.
      window.alert(errorMessage(error));
      plans.reload();
      return;
    }
    bannerChanged();
    plans.reload();
  };

  return (
    <section className="admin-screen" aria-labelledby="plan-list-title">
      <div className="admin-screen__head">
        <h1 id="plan-list-title" className="admin-screen__title">
          {messages.planListTitle}
        </h1>
        <Link className="admin-button" to="/plan">
          {messages.planCreateButton}
        </Link>
      </div>
      {plans.status === 'loading' && <Loading />}
      {plans.status === 'error' && (
        <ErrorNotice
          message={`${messages.plansLoadFailed} ${errorMessage(plans.error)}`}
          onRetry={plans.reload}
          testId="plan-list-error"
        />
      )}
      {plans.status === 'success' &&
        (plans.data.length === 0 ? (
          <p className="admin-screen__empty">{messages.noPlanEntries}</p>
        ) : (
          <ul className="plan-list">
            {plans.data.map((plan) => (
              <PlanRow key={plan.id} plan={plan} onDelete={remove} />
            ))}
          </ul>
        ))}
    </section>
  );
}
