import { Route, Routes } from 'react-router-dom';
import { PlanCreatePage } from './pages/plan-create-page';
import { PlanEditPage } from './pages/plan-edit-page';
import { PlanListPage } from './pages/plan-list-page';

/**
 * The schedule screens, exposed as `mf_plans/Routes` (named export `Routes`): the shell mounts this at its root
 * splat, so the paths are absolute (docs/product.md#2-screens-and-routes).
 */
export function PlanRoutes() {
  return (
    <Routes>
      <Route path="/plan" element={<PlanCreatePage />} />
      <Route path="/plan/list" element={<PlanListPage />} />
      <Route path="/plan/edit/:id" element={<PlanEditPage />} />
    </Routes>
  );
}

export { PlanRoutes as Routes };
