import { useCallback, useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import type { Plan, PlanBody } from '@linksite/contract';
import { bannerChanged, errorMessage, ErrorNotice, Loading, parseDateParam, useRequest } from '@linksite/platform';
import { fetchPlan } from '../api/fetch-plan';
import { updatePlan } from '../api/update-plan';
import { PlanForm, type PlanFormValues } from '../components/plan-form';
import { messages } from '../lib/messages';
import '../components/plan-screens.css';

const FIELDS = ['startdate', 'enddate', 'title'] as const;
type PlanField = (typeof FIELDS)[number];
const LABELS: Record<PlanField, string> = {
  startdate: messages.planStartDate,
  enddate: messages.planEndDate,
  title: messages.planTitle,
};

const bodyOf = (plan: Plan): PlanBody => ({ startdate: plan.startdate, enddate: plan.enddate, title: plan.title });
const formValues = (body: PlanBody): PlanFormValues => ({
  start: parseDateParam(body.startdate),
  end: parseDateParam(body.enddate),
  title: body.title,
});

/** A save refused as stale (issue 15 item 8): the server's message, the stored plan, and what the form sent. */
interface Conflict {
  message: string;
  stored: Plan;
  mine: PlanBody;
}

/**
 * The comparison after a stale save (issue 15 item 8): each field whose stored value differs from the
 * administrator's, with who changed it; 내 변경 적용 fills the stored plan with the administrator's changed fields.
 */
function ConflictPanel({
  conflict,
  loaded,
  onApply,
  onDiscard,
}: {
  conflict: Conflict;
  loaded: PlanBody;
  onApply: () => void;
  onDiscard: () => void;
}) {
  const stored = bodyOf(conflict.stored);
  const rows = FIELDS.filter((field) => stored[field] !== conflict.mine[field]);
  const focus = useCallback((node: HTMLElement | null) => node?.focus(), []);
  return (
    <section
      className="plan-conflict"
      role="alert"
      aria-labelledby="plan-conflict-title"
      data-testid="plan-conflict"
      tabIndex={-1}
      ref={focus}
    >
      <h2 id="plan-conflict-title" className="plan-conflict__title">
        {messages.conflictTitle}
      </h2>
      <p className="plan-conflict__text">{conflict.message}</p>
      <table className="plan-conflict__table">
        <caption>{messages.conflictCaption}</caption>
        <thead>
          <tr>
            <th scope="col">{messages.conflictField}</th>
            <th scope="col">{messages.conflictStored}</th>
            <th scope="col">{messages.conflictMine}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((field) => (
            <tr key={field} data-testid={`plan-conflict-${field}`}>
              <th scope="row">{LABELS[field]}</th>
              <td>
                {stored[field]}
                {stored[field] !== loaded[field] && (
                  <span className="plan-conflict__who">{messages.conflictByOther}</span>
                )}
              </td>
              <td>
                {conflict.mine[field]}
                {conflict.mine[field] !== loaded[field] && (
                  <span className="plan-conflict__who">{messages.conflictByMe}</span>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="plan-conflict__text">{messages.conflictHelp}</p>
      <div className="plan-conflict__actions">
        <button type="button" className="admin-button" onClick={onApply}>
          {messages.conflictApply}
        </button>
        <button type="button" className="admin-button plan-conflict__secondary" onClick={onDiscard}>
          {messages.conflictDiscard}
        </button>
      </div>
    </section>
  );
}

/** The loaded plan's form, its saves carrying the version they started from (issue 15 item 8). */
function EditForm({ id, plan }: { id: string; plan: Plan }) {
  const navigate = useNavigate();
  const [base, setBase] = useState(plan);
  const [start, setStart] = useState({ values: bodyOf(plan), key: 0 });
  const [conflict, setConflict] = useState<Conflict | null>(null);
  const [status, setStatus] = useState('');

  const save = async (input: PlanBody) => {
    try {
      const result = await updatePlan(id, input, base.version);
      if (result.conflict && result.product) {
        setStatus('');
        setConflict({ message: result.message, stored: result.product, mine: input });
        return;
      }
      window.alert(result.message);
    } catch (error) {
      window.alert(errorMessage(error));
      return;
    }
    bannerChanged();
    navigate('/plan/list');
  };

  const restart = (values: PlanBody, notice: string) => {
    if (!conflict) return;
    setBase(conflict.stored);
    setStart((current) => ({ values, key: current.key + 1 }));
    setConflict(null);
    setStatus(notice);
  };
  const apply = () => {
    if (!conflict) return;
    const loaded = bodyOf(base);
    const merged = bodyOf(conflict.stored);
    for (const field of FIELDS) if (conflict.mine[field] !== loaded[field]) merged[field] = conflict.mine[field];
    restart(merged, messages.conflictApplied);
  };
  const discard = () => {
    if (conflict) restart(bodyOf(conflict.stored), messages.conflictReloaded);
  };

  return (
    <>
      {conflict && <ConflictPanel conflict={conflict} loaded={bodyOf(base)} onApply={apply} onDiscard={discard} />}
      <p className="plan-edit__status" role="status" data-testid="plan-edit-status">
        {status}
      </p>
      <PlanForm key={start.key} initial={formValues(start.values)} submitLabel={messages.edit} onSubmit={save} />
    </>
  );
}

/**
 * `/plan/edit/:id`, 일정 수정 (spec §2): `Loading....` until the plan has loaded, then the pre-filled form. A save
 * carries the version the form loaded; when another administrator saved first (409, issue 15 item 8) the screen shows
 * stored vs. mine field by field and offers to apply the administrator's change on top, or to reload the stored plan.
 */
export function PlanEditPage() {
  const { id = '' } = useParams();
  const plan = useRequest(useCallback(() => fetchPlan(id), [id]));

  return (
    <section className="admin-screen" aria-labelledby="plan-edit-title">
      <h1 id="plan-edit-title" className="admin-screen__title">
        {messages.planEditTitle}
      </h1>
      {plan.status === 'loading' && <Loading />}
      {plan.status === 'error' && (
        <ErrorNotice message={errorMessage(plan.error)} onRetry={plan.reload} error={plan.error} testId="plan-error" />
      )}
      {plan.status === 'success' && <EditForm key={plan.data.id} id={id} plan={plan.data} />}
    </section>
  );
}
