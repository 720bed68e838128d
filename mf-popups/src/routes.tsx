import { Route, Routes } from 'react-router-dom';
import { BookingAdminPage } from './pages/booking-admin-page';
import { BookingConfirmationPage } from './pages/booking-confirmation-page';
import { CheckinPage } from './pages/checkin-page';
import { PopupCreatePage } from './pages/popup-create-page';
import { PopupEditPage } from './pages/popup-edit-page';
import { PopupInfoPage } from './pages/popup-info-page';
import { PopupListPage } from './pages/popup-list-page';
import { ReservePage } from './pages/reserve-page';
import { WaitlistPage } from './pages/waitlist-page';

/**
 * The popup reservation screens, exposed as `mf_popups/Routes` (named export `Routes`): the shell mounts this at
 * its root splat, so the paths are absolute (docs/product.md#2-screens-and-routes). `/reserve`, `/reserve/:code` and
 * `/reserve/waitlist/:code` are public (remotes.json `publicRoutes`); the others are the administrator's
 * (`adminRoutes`, guarded by the shell).
 */
export function PopupRoutes() {
  return (
    <Routes>
      <Route path="/popup" element={<PopupCreatePage />} />
      <Route path="/popup/list" element={<PopupListPage />} />
      <Route path="/popup/edit/:id" element={<PopupEditPage />} />
      <Route path="/popup/bookings/:id" element={<BookingAdminPage />} />
      <Route path="/popup/info" element={<PopupInfoPage />} />
      <Route path="/popup/checkin" element={<CheckinPage />} />
      <Route path="/reserve" element={<ReservePage />} />
      <Route path="/reserve/:code" element={<BookingConfirmationPage />} />
      <Route path="/reserve/waitlist/:code" element={<WaitlistPage />} />
    </Routes>
  );
}

export { PopupRoutes as Routes };
