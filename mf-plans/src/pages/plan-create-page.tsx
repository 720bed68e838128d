import { bannerChanged, seoulToday, useSaveAndReturn } from '@linksite/platform';
import { createPlan } from '../api/create-plan';
import { PlanForm } from '../components/plan-form';
import { messages } from '../lib/messages';

/**
 * `/plan`, 일정 등록 (docs/product.md#2-screens-and-routes): both dates default to today in Asia/Seoul; after saving →
 * `/plan/list`.
 */
export function PlanCreatePage() {
  const today = seoulToday();
  const save = useSaveAndReturn(createPlan, '/plan/list', bannerChanged);

  return (
    <section className="admin-screen" aria-labelledby="plan-create-title">
      <h1 id="plan-create-title" className="admin-screen__title">
        {messages.planCreateTitle}
      </h1>
      <PlanForm initial={{ start: today, end: today, title: '' }} submitLabel={messages.register} onSubmit={save} />
    </section>
  );
}
