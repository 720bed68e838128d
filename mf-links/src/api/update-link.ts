import { http, type Link, type WriteEnvelope } from '@linksite/platform';
import type { LinkInput } from './link-input';

/** `PUT /api/main/update/:id` → the server's Korean message. Admin only. */
export async function updateLink(id: number, input: LinkInput): Promise<string> {
  const { data } = await http.put<WriteEnvelope<Link>>(`/main/update/${id}`, input);
  return data.message;
}
