import { useNavigate } from 'react-router-dom';
import { bannerChanged, errorMessage, ko, seoulToday, type PlanInput } from '@linksite/platform';
import { createPlan } from '../api/create-plan';
import { PlanForm } from '../components/plan-form';

/** `/plan`, 일정 등록 (spec §2): both dates default to today in Asia/Seoul; after saving → `/plan/list`. */
export function PlanCreatePage() {
  const navigate = useNavigate();
  const today = seoulToday();

  const save = async (plan: PlanInput) => {
    try {
      window.alert(await createPlan(plan));
    } catch (error) {
      window.alert(errorMessage(error));
      return;
    }
    bannerChanged();
    navigate('/plan/list');
  };

  return (
    <section className="admin-screen" aria-labelledby="plan-create-title">
      <h1 id="plan-create-title" className="admin-screen__title">
        {ko.planCreateTitle}
      </h1>
      <PlanForm initial={{ start: today, end: today, title: '' }} submitLabel={ko.register} onSubmit={save} />
    </section>
  );
}
