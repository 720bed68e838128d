import { useCallback } from 'react';
import { useParams } from 'react-router-dom';
import type { PlanBody } from '@linksite/contract';
import {
  bannerChanged,
  errorMessage,
  ErrorNotice,
  Loading,
  parseDateParam,
  useRequest,
  useSaveAndReturn,
} from '@linksite/platform';
import { fetchPlan } from '../api/fetch-plan';
import { updatePlan } from '../api/update-plan';
import { PlanForm } from '../components/plan-form';
import { messages } from '../lib/messages';

/** `/plan/edit/:id`, 일정 수정 (spec §2): `Loading....` until the plan has loaded, then the pre-filled form. */
export function PlanEditPage() {
  const { id = '' } = useParams();
  const plan = useRequest(useCallback(() => fetchPlan(id), [id]));
  const save = useSaveAndReturn((input: PlanBody) => updatePlan(id, input), '/plan/list', bannerChanged);

  return (
    <section className="admin-screen" aria-labelledby="plan-edit-title">
      <h1 id="plan-edit-title" className="admin-screen__title">
        {messages.planEditTitle}
      </h1>
      {plan.status === 'loading' && <Loading />}
      {plan.status === 'error' && (
        <ErrorNotice message={errorMessage(plan.error)} onRetry={plan.reload} error={plan.error} testId="plan-error" />
      )}
      {plan.status === 'success' && (
        <PlanForm
          key={plan.data.id}
          initial={{
            start: parseDateParam(plan.data.startdate),
            end: parseDateParam(plan.data.enddate),
            title: plan.data.title,
          }}
          submitLabel={messages.edit}
          onSubmit={save}
        />
      )}
    </section>
  );
}
