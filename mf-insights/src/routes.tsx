import { Route, Routes } from 'react-router-dom';
import { InsightsPage } from './pages/insights-page';

/** The statistics screen, exposed as `mf_insights/Routes` (named export `Routes`), at the absolute path `/insights`. */
export function InsightsRoutes() {
  return (
    <Routes>
      <Route path="/insights" element={<InsightsPage />} />
    </Routes>
  );
}

export { InsightsRoutes as Routes };
