import { useCallback } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import type { Plan, PlanBody } from '@linksite/contract';
import {
  bannerChanged,
  ConflictPanel,
  errorMessage,
  ErrorNotice,
  Loading,
  parseDateParam,
  useRequest,
  useVersionedEdit,
  conflictPanelLabels,
  type ConflictRow,
  type EditConflict,
} from '@linksite/platform';
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

/**
 * A save refused as stale (docs/decisions/0048-no-silent-overwrite.md): the server's message, the stored plan, and what
 * the form sent.
 */
type Conflict = EditConflict<Plan, PlanBody>;

/** The panel's sentences from this remote's messages (docs/decisions/0048-no-silent-overwrite.md). */
const CONFLICT_LABELS = conflictPanelLabels(messages);

/**
 * The comparison after a stale save (docs/decisions/0048-no-silent-overwrite.md), platform's ConflictPanel: each field
 * whose stored value differs from the administrator's, with who changed it; 내 변경 적용 fills the stored plan with the
 * administrator's changed fields.
 */
function PlanConflict({
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
  const rows: ConflictRow[] = FIELDS.filter((field) => stored[field] !== conflict.mine[field]).map((field) => ({
    key: field,
    label: LABELS[field],
    stored: stored[field],
    mine: conflict.mine[field],
    changedBy: { other: stored[field] !== loaded[field], me: conflict.mine[field] !== loaded[field] },
  }));
  return (
    <ConflictPanel
      message={conflict.message}
      rows={rows}
      labels={CONFLICT_LABELS}
      onApply={onApply}
      onDiscard={onDiscard}
      testId="plan-conflict"
      rowTestIdPrefix="plan-conflict-"
    />
  );
}

/**
 * The loaded plan's form, its saves carrying the version they started from
 * (docs/decisions/0048-no-silent-overwrite.md).
 */
function EditForm({ id, plan }: { id: string; plan: Plan }) {
  const navigate = useNavigate();
  const edit = useVersionedEdit<Plan, PlanBody, PlanBody>(plan, bodyOf(plan));
  const { base, conflict } = edit;

  const save = async (input: PlanBody) => {
    try {
      const result = await updatePlan(id, input, base.version);
      if (result.conflict && result.product) {
        edit.refused(result.message, result.product, input);
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

  const apply = () => {
    if (!conflict) return;
    const loaded = bodyOf(base);
    const merged = bodyOf(conflict.stored);
    for (const field of FIELDS) if (conflict.mine[field] !== loaded[field]) merged[field] = conflict.mine[field];
    edit.restart(merged, messages.conflictApplied);
  };
  const discard = () => {
    if (conflict) edit.restart(bodyOf(conflict.stored), messages.conflictReloaded);
  };

  return (
    <>
      {conflict && <PlanConflict conflict={conflict} loaded={bodyOf(base)} onApply={apply} onDiscard={discard} />}
      <p className="plan-edit__status" role="status" data-testid="plan-edit-status">
        {edit.status}
      </p>
      <PlanForm
        key={edit.start.key}
        initial={formValues(edit.start.value)}
        submitLabel={messages.edit}
        onSubmit={save}
      />
    </>
  );
}

/**
 * `/plan/edit/:id`, 일정 수정 (docs/product.md#2-screens-and-routes): `불러오는 중…` until the plan has loaded, then the
 * pre-filled form. A save carries the version the form loaded; when another administrator saved first (409,
 * docs/decisions/0048-no-silent-overwrite.md) the screen shows stored vs. mine field by field and offers to apply the
 * administrator's change on top, or to reload the stored plan.
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
