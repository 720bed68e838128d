import { http } from '@linksite/platform';

/**
 * `GET /api/popup/:id/bookings/csv` (administrator): the file as a Blob (fetched with the token, which a plain link
 * could not send) and the name the server gives it.
 */
export async function downloadBookingsCsv(id: string): Promise<{ blob: Blob; fileName: string }> {
  const response = await http.get<Blob>(`/popup/${encodeURIComponent(id)}/bookings/csv`, { responseType: 'blob' });
  const disposition = String(response.headers['content-disposition'] ?? '');
  const fileName = /filename="([^"]+)"/.exec(disposition)?.[1] ?? `popup-${id}-bookings.csv`;
  return { blob: response.data, fileName };
}
