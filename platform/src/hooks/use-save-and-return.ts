import { useNavigate } from 'react-router-dom';
import { errorMessage } from '../http/api-error';

/**
 * The save of a create or edit form whose list is its own page (docs/product.md#2-screens-and-routes,
 * docs/product.md#4-states-and-transitions): `send` resolves with the server's Korean message, which is alerted, then
 * `onSaved` runs and the app goes to `listPath`; a failure alerts its message ({@link errorMessage}) and stays on the
 * form.
 */
export function useSaveAndReturn<T>(
  send: (input: T) => Promise<string>,
  listPath: string,
  onSaved?: () => void,
): (input: T) => Promise<void> {
  const navigate = useNavigate();
  return async (input: T) => {
    try {
      window.alert(await send(input));
    } catch (error) {
      window.alert(errorMessage(error));
      return;
    }
    onSaved?.();
    navigate(listPath);
  };
}
